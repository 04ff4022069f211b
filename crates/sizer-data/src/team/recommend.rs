//! The ranking's answer in one line: which run to size the team with, what binds it, and how
//! many runs could not check a limit the team needs (so the reader knows what the order rests
//! on).

use sizer_core::TeamLimit;

use super::plan::PlanRow;

/// What the ranking recommends, read from its rows in ranking order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Recommendation<'r, 'a> {
    /// The first row that serves the team with every limit it needs checked (`None`: no row
    /// does).
    pub checked: Option<&'r PlanRow<'a>>,
    /// The first row that serves the team at all, where it is not `checked` (it rests on a
    /// limit nobody measured, so it is named with that caveat).
    pub unchecked_first: Option<&'r PlanRow<'a>>,
    /// How many serving rows could not check each limit the team needs: speed, KV, prefill,
    /// TTFT.
    pub unchecked_counts: [(TeamLimit, usize); 4],
}

impl<'r, 'a> Recommendation<'r, 'a> {
    /// The recommendation of `rows`, which must be in ranking order ([`super::plan::Planner::plan`]).
    pub fn of(rows: &'r [PlanRow<'a>]) -> Recommendation<'r, 'a> {
        let checked = rows.iter().find(|row| row.is_checked_answer());
        let first_served = rows.iter().find(|row| row.systems_needed.is_some());
        let unchecked_first = first_served.filter(|row| !row.unchecked.is_empty());
        let count = |limit: TeamLimit| {
            rows.iter().filter(|row| row.systems_needed.is_some() && row.unchecked.contains(&limit)).count()
        };
        let unchecked_counts =
            [TeamLimit::Speed, TeamLimit::Kv, TeamLimit::Prefill, TeamLimit::Ttft].map(|l| (l, count(l)));
        Recommendation {
            checked,
            unchecked_first: if checked.is_some() { None } else { unchecked_first },
            unchecked_counts,
        }
    }
}
