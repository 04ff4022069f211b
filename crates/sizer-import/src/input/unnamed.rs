//! The names the importers give a run that nobody named: a pasted table without a name or model
//! ([`PASTED_LABEL`]) and a shared curve whose link carries no name ([`SHARED_LABEL`]). They are
//! stored as the run's label, as a person's own name would be; [`Unnamed::of`] tells the page
//! which placeholder a label is, so it can say it in the reader's language (as it says
//! [`sizer_data::NOT_STATED`]).

use sizer_data::{Run, RunOrigin};

/// The label of a pasted table's run that named neither itself nor its model.
pub const PASTED_LABEL: &str = "Pasted";

/// The label of a shared curve that came without one.
pub const SHARED_LABEL: &str = "Shared curve";

/// Which placeholder stands for a run's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unnamed {
    /// [`PASTED_LABEL`].
    Pasted,
    /// [`SHARED_LABEL`].
    SharedCurve,
}

impl Unnamed {
    /// The placeholder `run`'s label is, if it is one. Only a person's own run has one: a
    /// sourced run's label is the dataset's.
    pub fn of(run: &Run) -> Option<Unnamed> {
        Unnamed::of_label(run.origin, &run.label)
    }

    /// [`Unnamed::of`] for a run known by its origin and label (a team plan's row).
    pub fn of_label(origin: RunOrigin, label: &str) -> Option<Unnamed> {
        if origin != RunOrigin::Yours {
            return None;
        }
        match label {
            PASTED_LABEL => Some(Unnamed::Pasted),
            SHARED_LABEL => Some(Unnamed::SharedCurve),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_persons_run_labelled_by_a_placeholder_is_unnamed() {
        let mut run = crate::import("1,50\n8,20\n", "").and_then(|import| import.to_runs()).expect("a paste").remove(0);
        assert_eq!((run.label.as_str(), Unnamed::of(&run)), ("Pasted", Some(Unnamed::Pasted)));
        run.label = "Shared curve".into();
        assert_eq!(Unnamed::of(&run), Some(Unnamed::SharedCurve));
        run.label = "my box".into();
        assert_eq!(Unnamed::of(&run), None);
        assert_eq!(Unnamed::of_label(RunOrigin::Sourced, "Pasted"), None);
    }
}
