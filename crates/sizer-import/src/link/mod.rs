//! The share-link codecs: an imported curve as points in a link's fragment (`y:`), its name
//! (`yn:`) and setup (`ym:`), the simulation's keys, and the run rebuilt from them. They read no
//! benchmark file; they sit apart from the importers so the link's format can change alone.

pub mod fragment;
pub mod share;
pub mod share_link;
pub mod share_setup;
pub mod shared_run;
pub mod sim_link;
