//! `window.SparkSizer.plan(teamJson)`: the team planned on every run of the dataset and every
//! run the person imported into an instance on this page. Each instance registers its imported
//! runs here while it lives ([`register`], [`unregister`]); the plan itself is
//! `sizer_data::Dataset::plan_json`.
//!
//! Imported ids (`yours-<n>`) are numbered per instance: a run whose id an earlier instance's
//! run already has is listed as `<instance>/<id>` (`ss1/yours-1`), so every row's `run_id` is
//! unique on the page.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use sizer_data::Run;

thread_local! {
    /// Each instance's imported runs, by its id prefix (`ss0`, `ss1`, ...), in mount order.
    static IMPORTED: RefCell<BTreeMap<String, Vec<Rc<Run>>>> = const { RefCell::new(BTreeMap::new()) };
}

/// The instance `instance` holds these imported runs now (replacing what it held).
pub fn register(instance: &str, runs: &[Rc<Run>]) {
    IMPORTED.with(|all| {
        all.borrow_mut().insert(instance.to_owned(), runs.to_vec());
    });
}

/// The instance is gone: its runs leave the page's plan.
pub fn unregister(instance: &str) {
    IMPORTED.with(|all| {
        all.borrow_mut().remove(instance);
    });
}

/// Every instance's imported runs, with ids unique on the page (see the module docs).
pub fn imported_runs() -> Vec<Run> {
    IMPORTED.with(|all| {
        let all = all.borrow();
        let mut instances: Vec<(&String, &Vec<Rc<Run>>)> = all.iter().collect();
        // `ss2` before `ss10`: mount order.
        instances.sort_by_key(|(instance, _)| (instance.len(), instance.as_str()));
        let mut runs: Vec<Run> = Vec::new();
        for (instance, imported) in instances {
            for run in imported {
                let mut run = Run::clone(run);
                if runs.iter().any(|r| r.id == run.id) {
                    run.id = format!("{instance}/{}", run.id);
                }
                runs.push(run);
            }
        }
        runs
    })
}

/// `plan(teamJson)`: `{"rows": [...]}` over the dataset's runs and the page's imported runs, or
/// `{"error": "..."}`.
pub fn plan_json(team_json: &str) -> String {
    sizer_data::dataset().plan_json(team_json, &imported_runs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;
    use sizer_data::RunOrigin;

    const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

    fn yours(id: &str) -> Rc<Run> {
        let mut run = sizer_data::dataset().run(QWEN).expect("in the dataset").clone();
        run.id = id.into();
        run.origin = RunOrigin::Yours;
        run.source = "yours".into();
        Rc::new(run)
    }

    fn row<'a>(answer: &'a Value, id: &str) -> Option<&'a Value> {
        answer["rows"].as_array().expect("rows").iter().find(|r| r["run_id"] == id)
    }

    #[test]
    fn the_page_plan_ranks_every_instances_imported_runs() {
        register("ss0", &[yours("yours-1")]);
        register("ss1", &[yours("yours-1"), yours("yours-2")]);
        let answer: Value = serde_json::from_str(&plan_json(r#"{"groups": [{"people": 163}], "z": 2.33}"#)).unwrap();
        let rows = answer["rows"].as_array().expect("rows");
        assert_eq!(rows.len(), sizer_data::dataset().runs.len() + 3);
        // The worked run's curve on a DGX Spark: the English seed's 163 people on one Spark.
        for id in ["yours-1", "ss1/yours-1", "yours-2"] {
            let row = row(&answer, id).unwrap_or_else(|| panic!("no row {id}"));
            assert_eq!((row["people_per_spark"].as_u64(), row["sparks_needed"].as_u64()), (Some(163), Some(1)), "{id}");
        }
        // An instance that is gone takes its runs with it.
        unregister("ss1");
        unregister("ss0");
        let answer: Value = serde_json::from_str(&plan_json("{}")).unwrap();
        assert!(row(&answer, "yours-1").is_none());
        assert_eq!(answer["rows"].as_array().map(Vec::len), Some(sizer_data::dataset().runs.len()));
    }
}
