//! Headroom: how much average load S streams carry when requests arrive at random.
//!
//! Requests from many independent users arrive roughly as a Poisson process, so the number in
//! flight at a random instant is Poisson with mean equal to the average load (the M/G/infinity
//! result). Sizing for the average would leave half of all moments over capacity; instead the
//! seeds size so that a chosen percentile of the in-flight count stays within the streams. Three
//! ways to compute the largest such average load:
//!
//! - [`normal_max_load`]: the seeds' normal approximation `avg + z sqrt(avg) <= S`.
//! - [`poisson_max_load`]: the exact Poisson quantile, `P(N <= S) >= p`.
//! - [`erlang_c_max_load`]: queueing instead of over-subscription: the load at which at most
//!   `1 - p` of requests must wait for a free stream (M/M/S, Erlang C).
//!
//! For a small team the count is not Poisson: N users each busy a share d put Binomial(N, d)
//! requests in flight ([`binomial_max_users`], with [`engset_blocking`] for the share of
//! requests that find every stream busy).

pub(crate) mod binomial;
mod erlang;
pub(crate) mod finite_table;
mod normal;
mod poisson;
mod quantile;
mod root;

pub use binomial::{
    binomial_cdf, binomial_max_users, binomial_pmf, engset_blocking, finite_population_people,
    regularized_incomplete_beta,
};
pub use erlang::{ErlangC, ErlangCError, erlang_b, erlang_c, erlang_c_max_load};
pub use normal::{normal_cdf, normal_max_load, z_for_percentile};
pub use poisson::{poisson_cdf, poisson_ln_pmf, poisson_max_load, poisson_pmf};
pub use quantile::{binomial_quantile, poisson_quantile};
