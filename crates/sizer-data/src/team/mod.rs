//! A team against the runs: the request a host page sends ([`request`]), the ranking of every
//! run for it ([`plan`]), what each row's limits rest on ([`checks`]), why a row has no plan or
//! what to keep in mind about it ([`note`]), the ranking's answer in one line ([`recommend`]),
//! and the team `simulate` reads ([`sim`]).

pub mod checks;
pub mod note;
pub mod plan;
pub mod recommend;
pub mod request;
pub mod sim;
