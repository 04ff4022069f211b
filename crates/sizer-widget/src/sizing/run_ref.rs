//! A run as the widget holds it: a sourced run borrowed from the embedded dataset, or a
//! person's own run shared between the state, the picker and the charts. Neither is copied.
//! `RunRef::find`, which also looks among the imported runs, is in `import::imported` (the
//! import room uses this one, not the other way round).

use std::ops::Deref;
use std::rc::Rc;

use sizer_data::{Run, dataset};

/// A run the calculator can size and draw.
#[derive(Clone, Debug)]
pub enum RunRef {
    /// A run of the embedded dataset.
    Sourced(&'static Run),
    /// A run imported from the person's own benchmark.
    Yours(Rc<Run>),
}

impl RunRef {
    /// The dataset's run with this id.
    pub fn sourced(id: &str) -> Option<RunRef> {
        dataset().run(id).map(RunRef::Sourced)
    }
}

impl Deref for RunRef {
    type Target = Run;

    fn deref(&self) -> &Run {
        match self {
            RunRef::Sourced(run) => run,
            RunRef::Yours(run) => run,
        }
    }
}

/// The same run, not merely an equal one: cheap, and a renamed imported run (a new `Rc`)
/// counts as changed.
impl PartialEq for RunRef {
    fn eq(&self, other: &RunRef) -> bool {
        match (self, other) {
            (RunRef::Sourced(a), RunRef::Sourced(b)) => std::ptr::eq(*a, *b),
            (RunRef::Yours(a), RunRef::Yours(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }
}
