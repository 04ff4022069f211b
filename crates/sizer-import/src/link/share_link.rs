//! An imported run in a link: its curve as points under `y:` and its name
//! under `yn:`, so the link opens the same run in any browser. A link naming an imported run
//! without its curve would open nothing there, so "Copy link" and the Markdown export always put
//! the curve in for an imported run (the share bar says so), or refuse when it cannot go in.
//! The address bar carries the curve only when the person ticked the import panel's box. A run
//! of several workloads (a suite imported at once) goes in as the workload its sizing uses, so
//! the link opens the same sizing elsewhere; its other workloads and measured load stay behind,
//! and "Copy link" says so.
//!
//! The points' codec is `share_points` and `run_from_shared_points` (`share.rs`, `shared_run.rs`); `:` is
//! written `_` and `,` `~` because the fragment separates its own pairs with those.

use sizer_data::Run;

use crate::link::fragment::{BadPart, body, percent_decode, push_encoded, shorten};
use crate::{ShareError, decode_setup, encode_setup, run_from_shared_points, share_points};

/// The key of the shared curve's points.
pub const POINTS_KEY: &str = "y";

/// The key of the shared curve's name.
pub const NAME_KEY: &str = "yn";

/// The key of the shared curve's setup (what it was measured on, its limits):
/// `sizer_import::encode_setup`'s text, which needs no escaping here. Older links lack it.
pub const SETUP_KEY: &str = "ym";

/// The id a curve from a link is listed under until the import list gives it its own.
pub const SHARED_ID: &str = "yours-shared";

/// `fragment` with `run`'s name and curve appended (the points last).
pub fn with_curve(fragment: String, run: &Run) -> Result<String, ShareError> {
    let points = share_points(run)?;
    let mut out = fragment;
    out.extend([",", NAME_KEY, ":"]);
    push_encoded(&mut out, &run.label);
    let setup = run.setup.as_ref().map(encode_setup).unwrap_or_default();
    if !setup.is_empty() {
        out.extend([",", SETUP_KEY, ":", setup.as_str()]);
    }
    out.extend([",", POINTS_KEY, ":", &points.replace(':', "_").replace(',', "~")]);
    Ok(out)
}

/// The curve a `#s=` fragment carries, as a run named as in the link: `None` without `y:`,
/// the part as written when its points (or name) cannot be read.
pub fn shared_run(fragment: &str) -> Option<Result<Run, BadPart>> {
    let body = body(fragment)?;
    let value = |key: &str| body.split(',').find_map(|pair| pair.strip_prefix(key)?.strip_prefix(':'));
    let points = value(POINTS_KEY)?;
    let name = value(NAME_KEY).map(percent_decode).unwrap_or_else(|| Some(String::new()));
    let Some(name) = name else {
        return Some(Err(BadPart::new(NAME_KEY, &shorten(value(NAME_KEY).unwrap_or_default()))));
    };
    let run = match run_from_shared_points(SHARED_ID, &name, &points.replace('_', ":").replace('~', ",")) {
        Ok(run) => run,
        Err(_) => return Some(Err(BadPart::new(POINTS_KEY, &shorten(points)))),
    };
    // A damaged setup would silently drop the limits it carries: refused like a damaged curve.
    Some(match value(SETUP_KEY).map(|text| (text, decode_setup(text))) {
        None => Ok(run),
        Some((_, Ok(setup))) => Ok(run.with_setup(setup)),
        Some((text, Err(_))) => Err(BadPart::new(SETUP_KEY, &shorten(text))),
    })
}

/// What "Copy link" and the Markdown export link to.
#[derive(Clone, Debug, PartialEq)]
pub struct CopyLink {
    /// The fragment (without `#`), `None` when no honest link can be made.
    pub fragment: Option<String>,
    /// What the share bar says beside the button.
    pub note: Option<CopyNote>,
}

/// A sentence beside "Copy link" when the chosen run is an imported one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyNote {
    /// The link carries the run's curve and name.
    CarriesCurve,
    /// The link carries the run's name and the one workload its sizing uses, not its other
    /// workloads nor its measured load.
    CarriesSizedWorkload,
    /// The curve cannot go into a link, so no link is offered.
    CannotCarry,
}

/// The link for `fragment` (the scenario's, without a curve) when `imported` is the chosen run
/// as sized (`None`: a dataset run, linked by id); `several_workloads` when the person's run
/// holds more workloads than the one sized.
pub fn copy_link(fragment: String, imported: Option<&Run>, several_workloads: bool) -> CopyLink {
    let carries = if several_workloads { CopyNote::CarriesSizedWorkload } else { CopyNote::CarriesCurve };
    match imported {
        None => CopyLink { fragment: Some(fragment), note: None },
        Some(run) => match with_curve(fragment, run) {
            Ok(fragment) => CopyLink { fragment: Some(fragment), note: Some(carries) },
            Err(_) => CopyLink { fragment: None, note: Some(CopyNote::CannotCarry) },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(label: &str) -> Run {
        let import = crate::import("concurrency,tok/s\n1,50\n8,20\n", label).expect("imports");
        let mut run = import.to_runs().expect("complete").remove(0);
        run.id = "yours-1".into();
        run
    }

    #[test]
    fn a_shared_curve_keeps_its_name() {
        let mine = run("x");
        let mut mine = mine;
        mine.label = "Box, 2 × GB10: lab".into();
        let link = with_curve("s=r:yours-1,f:15".into(), &mine).expect("shareable");
        assert_eq!(link, "s=r:yours-1,f:15,yn:Box%2C%202%20%C3%97%20GB10%3A%20lab,y:1_50~8_20");
        let back = shared_run(&["#", &link].concat()).expect("a curve").expect("readable");
        assert_eq!(back.label, "Box, 2 × GB10: lab");
        assert_eq!(back.curve_points().map(|(p, _)| p), Ok(vec![(1.0, 50.0), (8.0, 20.0)]));
    }

    #[test]
    fn unreadable_curves_are_reported_not_dropped() {
        assert_eq!(shared_run("#s=f:15"), None);
        assert_eq!(shared_run("#s=y:1_<b>").map(|r| r.map(|_| ())), Some(Err(BadPart::new("y", "1_<b>"))));
        assert_eq!(shared_run("#s=yn:%G,y:1_50").map(|r| r.map(|_| ())), Some(Err(BadPart::new("yn", "%G"))));
        let unnamed = shared_run("#s=y:1_50~8_20").expect("a curve").expect("readable");
        assert_eq!(unnamed.label, crate::SHARED_LABEL);
    }

    #[test]
    fn copying_a_link_to_an_imported_run_puts_its_curve_in() {
        let plain = copy_link("s=r:x".into(), None, false);
        assert_eq!(plain, CopyLink { fragment: Some("s=r:x".into()), note: None });
        let mine = copy_link("s=r:yours-1".into(), Some(&run("Mine")), false);
        assert_eq!(mine.note, Some(CopyNote::CarriesCurve));
        assert_eq!(mine.fragment.as_deref(), Some("s=r:yours-1,yn:Mine,y:1_50~8_20"));
        let one_of_several = copy_link("s=r:yours-1".into(), Some(&run("Mine")), true);
        assert_eq!(one_of_several.note, Some(CopyNote::CarriesSizedWorkload));
        assert_eq!(one_of_several.fragment, mine.fragment);
    }
}
