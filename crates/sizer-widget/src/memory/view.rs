//! What the memory section shows for one set of choices: the run being sized (its weights, the
//! cache they leave, alone and beside the models kept loaded), the plan at the chosen budget and
//! at both ends of the working budget band, the models one may pick (with their weights,
//! published or computed, and why some cannot be planned), and the sources behind every figure. The plans are `sizer_data::memory::memory`
//! on the catalogue's sourced facts; this module only asks and joins.

use sizer_data::memory::{MemoryRequest, MemoryRequestError, MemoryResponse, ModelChoice, ModelChoiceDetail, memory};
use sizer_data::weights_size::{NoWeightsSize, WeightsBasis, WeightsSize, default_weights, run_weights};
use sizer_data::{BudgetBand, KvDtype, ModelFacts, Source, WORKING_BUDGET_FACT, catalog, dataset};

use crate::memory::state::MemoryChoice;

/// One model of the catalogue, as the picker lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelOption {
    /// The `model_id`.
    pub id: &'static str,
    /// The name on its model card.
    pub name: &'static str,
    /// Its default weights (first published, else BF16 computed from its parameters).
    pub weights: Option<WeightsSize>,
    /// Why it cannot be kept loaded in a plan, if it cannot.
    pub unplannable: Option<MemoryRequestError>,
}

/// A source to cite: who, what, when, where.
#[derive(Clone, Debug, PartialEq)]
pub struct SourceCite {
    /// The source's id (the dataset's or the catalogue's).
    pub id: String,
    /// "Publisher, title".
    pub label: String,
    /// Publication date, else the date it was read (`read_on`).
    pub date: Option<String>,
    /// True when `date` is the day it was read, not a publication date.
    pub read_on: bool,
    pub href: Option<String>,
}

/// The run being sized, in memory.
#[derive(Clone, Debug, PartialEq)]
pub struct SizedRun {
    /// The dataset's run.
    pub run: &'static sizer_data::Run,
    /// The weights it served, published or computed, or why their size is unknown.
    pub weights: Result<WeightsSize, NoWeightsSize>,
    /// The run alone at the chosen budget (its sessions), or why it does not plan.
    pub alone: Result<MemoryResponse, MemoryRequestError>,
    /// The budget it is planned at, GB.
    pub budget_gb: f64,
    /// The run beside the models kept loaded, when any are.
    pub beside: Option<Result<MemoryResponse, MemoryRequestError>>,
}

/// The memory section's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct MemoryView {
    /// The run being sized, when it is a dataset run.
    pub sized_run: Option<SizedRun>,
    /// The request as asked (models, budget, context), for the exports.
    pub request: MemoryRequest,
    /// The plan at the chosen budget, or why there is none.
    pub chosen: Result<MemoryResponse, MemoryRequestError>,
    /// The working budget band (102-115 GB) and the plans at its ends, where they plan.
    pub band: Option<BudgetBand>,
    pub at_low: Option<MemoryResponse>,
    pub at_high: Option<MemoryResponse>,
    /// Every model of the catalogue, in its order.
    pub options: Vec<ModelOption>,
    /// Where the band is from (the working budget fact's source).
    pub band_source: Option<SourceCite>,
    /// The sources of the chosen models' weights and architecture, each once.
    pub model_sources: Vec<SourceCite>,
}

impl MemoryView {
    /// Plans `choice` at `context_tokens` (the calculator's context per session), after the
    /// dataset run `run_id` being sized, where there is one.
    pub fn compute(choice: &MemoryChoice, context_tokens: f64, run_id: Option<&str>) -> MemoryView {
        let request = MemoryRequest {
            models: choice.models.iter().cloned().map(ModelChoice::Id).collect(),
            budget_gb: choice.budget_gb,
            overhead_gb: 0.0,
            context_tokens,
        };
        let at = |budget_gb: f64| memory(catalog(), dataset(), &MemoryRequest { budget_gb, ..request.clone() });
        let band = dataset().working_budget();
        let (at_low, at_high) = match band {
            Some(band) if !request.models.is_empty() => (at(band.low_gb).ok(), at(band.high_gb).ok()),
            _ => (None, None),
        };
        let band_source = dataset().fact(WORKING_BUDGET_FACT).and_then(|fact| source_cite(&fact.source));
        let model_sources = model_sources(&choice.models);
        let sized_run = run_id.and_then(|id| dataset().run(id)).map(|run| {
            let entry = ModelChoice::Detailed(ModelChoiceDetail {
                id: None,
                run: Some(run.id.clone()),
                format: None,
                kv_dtype: None,
                share: None,
                expected_sessions: None,
            });
            let alone = MemoryRequest { models: vec![entry.clone()], ..request.clone() };
            let beside = (!request.models.is_empty()).then(|| {
                let models = std::iter::once(entry).chain(request.models.iter().cloned()).collect();
                memory(catalog(), dataset(), &MemoryRequest { models, ..request.clone() })
            });
            SizedRun {
                run,
                budget_gb: request.budget_gb,
                weights: run_weights(catalog(), run),
                alone: memory(catalog(), dataset(), &alone),
                beside,
            }
        });
        MemoryView {
            sized_run,
            chosen: at(request.budget_gb),
            request,
            band,
            at_low,
            at_high,
            options: options(),
            band_source,
            model_sources,
        }
    }

    /// Weights of all the models kept loaded, GB (from whichever plan exists).
    pub fn weights_gb(&self) -> Option<f64> {
        self.chosen.as_ref().ok().or(self.at_high.as_ref()).map(|plan| plan.weights_gb)
    }
}

/// Every model in the catalogue, with its default weights and whether it can be planned.
fn options() -> Vec<ModelOption> {
    catalog()
        .models
        .iter()
        .map(|model| ModelOption {
            id: &model.id,
            name: &model.name,
            weights: default_weights(model).ok(),
            unplannable: unplannable(model),
        })
        .collect()
}

/// Why a model cannot be kept loaded in a plan (the size of its weights neither published nor
/// computable, or its attention layout unread), or `None` when it can.
pub fn unplannable(model: &ModelFacts) -> Option<MemoryRequestError> {
    match (default_weights(model), model.kv_architecture(KvDtype::Bf16)) {
        (Err(why), _) => Some(MemoryRequestError::NoWeights(why)),
        (_, Err(figure)) => Some(MemoryRequestError::Architecture { model: model.id.clone(), figure }),
        _ => None,
    }
}

/// Where the weights and the attention layout of `models` were read, each source once.
fn model_sources(models: &[String]) -> Vec<SourceCite> {
    let mut ids: Vec<String> = Vec::new();
    for model in models.iter().filter_map(|id| catalog().model(id)) {
        let kv = &model.kv;
        let weights = match default_weights(model).map(|weights| weights.basis) {
            Ok(WeightsBasis::Published { source }) | Ok(WeightsBasis::Computed { params_source: source, .. }) => {
                Some(source)
            }
            Err(_) => None,
        };
        let layout = [
            &kv.full_attention_layers,
            &kv.sliding_window_layers,
            &kv.sliding_window_tokens,
            &kv.kv_heads,
            &kv.head_dim,
        ]
        .into_iter()
        .filter_map(|figure| figure.as_ref().map(|figure| figure.source.as_str()));
        for id in weights.into_iter().chain(layout.map(str::to_owned)) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids.iter().filter_map(|id| source_cite(id)).collect()
}

/// The dataset's or the catalogue's source with this id, ready to cite.
pub fn source_cite(id: &str) -> Option<SourceCite> {
    let source: &Source = dataset().source(id).or_else(|| catalog().source(id))?;
    let (date, read_on) = match (source.published, source.read_on) {
        (Some(published), _) => (Some(published.to_string()), false),
        (None, Some(read)) => (Some(read.to_string()), true),
        (None, None) => (None, false),
    };
    Some(SourceCite {
        id: source.id.clone(),
        label: [source.publisher.as_str(), ", ", source.title.as_str()].concat(),
        date,
        read_on,
        href: source.url.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    fn close(actual: f64, expected: f64) -> bool {
        (actual - expected).abs() < 1e-9
    }

    #[test]
    fn the_german_articles_pair() {
        // 65.3 + 13.8 = 79.1 GB of weights; 102 - 79.1 = 22.9 GB and 115 - 79.1 = 35.9 GB left.
        let view = MemoryView::compute(&MemoryChoice::new(Lang::En), 8192.0, None);
        let chosen = view.chosen.as_ref().expect("plans");
        assert!(close(chosen.weights_gb, 79.1) && close(chosen.kv_left_gb, 35.9), "{chosen:?}");
        assert!(close(view.at_low.expect("low").kv_left_gb, 22.9));
        assert!(close(view.at_high.expect("high").kv_left_gb, 35.9));
        assert_eq!(view.band, Some(BudgetBand { low_gb: 102.0, high_gb: 115.0 }));
        let source = view.band_source.expect("cited");
        assert_eq!(source.id, "eurokommerz-128gb-article");
    }

    #[test]
    fn unplannable_models_say_why() {
        let view = MemoryView::compute(&MemoryChoice::new(Lang::En), 8192.0, None);
        let option = |id: &str| view.options.iter().find(|o| o.id == id).expect(id).clone();
        assert_eq!(option("gpt-oss-20b").unplannable, None);
        assert_eq!(option("gpt-oss-20b").weights.map(|w| w.gb), Some(13.8));
        assert!(matches!(option("llama-3.1-8b").unplannable, Some(MemoryRequestError::NoWeights(_))));
        // Computed from its 80 B parameters in BF16 (80 x 2 = 160 GB), its layout read.
        assert_eq!(option("qwen3-coder-next").weights.map(|w| w.gb), Some(160.0));
        assert_eq!(option("qwen3-coder-next").unplannable, None);
    }

    #[test]
    fn the_sized_run_leads_with_its_own_weights() {
        // GPUwerk's default run: AWQ 4-bit, 30.5 x (4 + 20/128) / 8 = 15.8457 GB computed; alone at
        // 115 GB, 99.1543 GB of fp16 cache at 98,304 bytes a token: 123 sessions of 8,192.
        let run = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
        let view = MemoryView::compute(&MemoryChoice::new(Lang::En), 8192.0, Some(run));
        let sized = view.sized_run.expect("a dataset run");
        assert!(close(sized.weights.expect("computed").gb, 15.845_703_125));
        assert_eq!(sized.alone.expect("plans").models[0].sessions, 123);
        // Beside the article's pair: 15.8457 + 65.3 + 13.8 = 94.9457 GB, 20.0543 GB left.
        let beside = sized.beside.expect("models kept loaded").expect("plans");
        assert!(close(beside.weights_gb, 94.945_703_125), "{}", beside.weights_gb);
    }
}
