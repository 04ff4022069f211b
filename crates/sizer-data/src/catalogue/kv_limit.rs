//! A KV-cache limit for every run: the pool the run logged, else one computed from its model's
//! architecture, the weights it served and the working budget. A logged pool always wins; the
//! computed one is kept beside it so the two can be compared.

use core::fmt;

use serde::Serialize;
use sizer_core::{KvArchitecture, kv_pool_tokens};

use crate::catalogue::model_facts::{DtypeBasis, KvDtype, ModelCatalog, ModelFacts, RunCache};
use crate::catalogue::weights_size::{WeightsBasis, computed_weights, published_weights};
use crate::dataset::lookup::CitedValue;
use crate::dataset::model::{Dataset, Run, Topology};

/// The fact holding the working budget for weights and cache (102-115 GB).
pub const WORKING_BUDGET_FACT: &str = "working-budget-dgx-spark";

/// A working budget for weights and cache on one machine, low and high end, GB.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BudgetBand {
    /// Low end, GB (102; 0.8 x 128 GB = 102.4, NVIDIA's playbook `--gpu-memory-utilization`).
    pub low_gb: f64,
    /// High end, GB (115).
    pub high_gb: f64,
}

impl Dataset {
    /// The working budget of [`WORKING_BUDGET_FACT`]: its range, or its value at both ends.
    pub fn working_budget(&self) -> Option<BudgetBand> {
        let figure = self.fact(WORKING_BUDGET_FACT)?.value?;
        let (low_gb, high_gb) = figure.range.unwrap_or((figure.value, figure.value));
        Some(BudgetBand { low_gb, high_gb })
    }
}

/// Which pool a run's KV limit uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PoolKind {
    /// The pool the engine allocated, as the run logged it.
    Logged,
    /// Computed from the model's architecture and the working budget; not logged by the run.
    Computed,
}

/// Why a run has no computed pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoComputedPool {
    /// The catalogue has no entry for the run's model.
    NoModelFacts,
    /// The catalogue has no cache facts for the run.
    NoRunFacts,
    /// A figure of the architecture is missing or unverified (its name).
    Architecture(&'static str),
    /// The size of the weights the run served is not published, and no parameter count gives it.
    NoWeights,
    /// The weights' size is known only as a floor computed from the parameters (a quantised
    /// checkpoint keeps some layers wider), in tenths of a GB: a pool from it would be too large.
    WeightsAtLeast(u32),
    /// The dataset has no working budget.
    NoBudget,
    /// The weights alone take more than the budget.
    WeightsOverBudget,
}

impl fmt::Display for NoComputedPool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoComputedPool::NoModelFacts => f.write_str("no facts about this model"),
            NoComputedPool::NoRunFacts => f.write_str("no cache facts for this run"),
            NoComputedPool::Architecture(figure) => {
                write!(f, "the model's {figure} could not be read at a source")
            }
            NoComputedPool::NoWeights => f.write_str("the size of the weights this run served is not published"),
            NoComputedPool::WeightsAtLeast(tenths) => write!(
                f,
                "the weights this run served are known only as at least {:.1}\u{a0}GB (computed from its parameters; a quantised checkpoint keeps some layers wider), and a pool from a floor would be too large",
                f64::from(*tenths) / 10.0
            ),
            NoComputedPool::NoBudget => f.write_str("no working budget in the dataset"),
            NoComputedPool::WeightsOverBudget => f.write_str("the weights alone take more than the budget"),
        }
    }
}

/// A pool computed for one run, every input kept (serialisable for exports).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ComputedPool<'a> {
    /// The working budget per machine.
    pub band: BudgetBand,
    /// What is held back besides weights, GB (0 as in the German seed's arithmetic).
    pub overhead_gb: f64,
    /// Machines and how they share the model (a pool per machine for replicas, one pool over all
    /// machines for tensor or pipeline parallelism).
    pub nodes: u32,
    pub topology: Topology,
    /// The weights entry the run served and its size, GB.
    pub weights_format: &'a str,
    pub weights_gb: f64,
    /// Id of the weights figure's source.
    pub weights_source: &'a str,
    /// The cache data type and how it is known.
    pub kv_dtype: KvDtype,
    pub dtype_basis: DtypeBasis,
    /// The attention layout at that data type.
    pub architecture: KvArchitecture,
    /// The context the token counts are for (sliding windows make bytes per token depend on it).
    pub context_tokens: f64,
    /// Average KV bytes per token at that context.
    pub kv_bytes_per_token: f64,
    /// Pool at the low and high end of the budget, GB.
    pub pool_gb_low: f64,
    pub pool_gb_high: f64,
    /// Pool at the low and high end, tokens.
    pub tokens_low: f64,
    pub tokens_high: f64,
}

impl ComputedPool<'_> {
    /// The sentence that says what this pool is, e.g. "computed from the model's architecture
    /// and a 102-115 GB budget, not logged by the run".
    pub fn note(&self) -> String {
        format!(
            "computed from the model's architecture and a {}-{} GB budget, not logged by the run",
            self.band.low_gb, self.band.high_gb
        )
    }
}

/// The KV limit of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct KvLimit<'a> {
    /// Which pool the limit uses; `None` when there is neither.
    pub kind: Option<PoolKind>,
    /// The pool in tokens the sizing uses: the logged one, else the computed one at the low end
    /// of the budget (the smaller pool binds first).
    pub tokens: Option<f64>,
    /// The logged pool, where the run logged one.
    pub logged: Option<CitedValue<'a>>,
    /// The logged pool in GB of cache: its tokens times the architecture's bytes per token at the
    /// context and the run's KV data type (`None` without a logged pool or a verified layout).
    /// Set beside the computed band, it shows how much of the budget the engine kept for itself.
    pub logged_gb: Option<f64>,
    /// The computed pool, also for runs with a logged one (to compare), or why there is none.
    pub computed: Result<ComputedPool<'a>, NoComputedPool>,
}

impl<'a> KvLimit<'a> {
    /// The pool the sizing uses, with the figure that cites it: the logged pool's fact, or for
    /// a computed pool the working budget's fact (its weights and architecture are cited in
    /// [`KvLimit::computed`]). `None` when there is no pool.
    pub fn cited(&self, dataset: &'a Dataset) -> Option<CitedValue<'a>> {
        match self.kind? {
            PoolKind::Logged => self.logged,
            PoolKind::Computed => {
                let pool = self.computed.as_ref().ok()?;
                let fact = dataset.fact(WORKING_BUDGET_FACT)?;
                Some(CitedValue { value: pool.tokens_low, cited_id: &fact.id, source: &fact.source })
            }
        }
    }
}

/// The KV limit of a dataset run at a context, from the embedded catalogue and dataset: the one
/// place the widget, the JS API and the prerendered page choose a run's pool (logged, else
/// computed at the low end of the budget).
pub fn run_kv_limit(run: &'static Run, context_tokens: f64) -> KvLimit<'static> {
    crate::catalogue::catalog::catalog().kv_limit(crate::dataset::embedded::dataset(), run, context_tokens)
}

/// The weights a run served as a pool needs them: its format, GB and the id of the figure's
/// source. Published where the catalogue has the size; else computed from the parameters when
/// that is exact (BF16 or FP16: every weight two bytes); the memory plan's rule
/// (`published_weights`, `computed_weights`). A computed size that is only a floor gives no
/// pool, since it would make the pool too large.
fn served_weights<'a>(
    model: &'a ModelFacts,
    cache: &'a RunCache,
    run: &'a Run,
) -> Result<(&'a str, f64, &'a str), NoComputedPool> {
    // The cache facts' name for the weights where they give one, else the run's format
    // (`weights_size::run_weights`' order).
    let named = cache.weights.as_deref().or(run.format.as_deref()).ok_or(NoComputedPool::NoWeights)?;
    if let Some((weights, gb)) = published_weights(model, named) {
        return Ok((&weights.format, gb, &weights.gb.source));
    }
    let computed = computed_weights(model, named).map_err(|_| NoComputedPool::NoWeights)?;
    let params = model.total_params_b.as_ref().ok_or(NoComputedPool::NoWeights)?;
    match computed.basis {
        WeightsBasis::Computed { floor: false, .. } => Ok((named, computed.gb, &params.source)),
        WeightsBasis::Computed { floor: true, .. } => {
            Err(NoComputedPool::WeightsAtLeast((computed.gb * 10.0).floor().min(f64::from(u32::MAX)) as u32))
        }
        // `computed_weights` never says published.
        WeightsBasis::Published { .. } => Err(NoComputedPool::NoWeights),
    }
}

/// Pool per machine after the weights, scaled to the run's machines.
///
/// # Formula
/// One machine, or replicas (each holds all the weights): `nodes x (budget - weights - overhead)`.
/// Tensor or pipeline parallelism (the weights are split across machines):
/// `nodes x (budget - overhead) - weights`. Negative: the weights do not fit.
pub fn pool_gb(budget_gb: f64, weights_gb: f64, overhead_gb: f64, nodes: u32, topology: Topology) -> f64 {
    let nodes = f64::from(nodes.max(1));
    match topology {
        Topology::Single | Topology::ReplicasBehindProxy => nodes * (budget_gb - weights_gb - overhead_gb),
        Topology::TensorParallel | Topology::PipelineParallel => nodes * (budget_gb - overhead_gb) - weights_gb,
    }
}

impl ModelCatalog {
    /// The pool a run's model would get from the working budget, at a context.
    ///
    /// # Formula
    /// `pool = budget - weights - overhead` per machine ([`pool_gb`]) at both ends of the band;
    /// `tokens = pool x 10^9 / bytes_per_token(context)` with bytes per token from the model's
    /// architecture at the run's KV data type ([`KvArchitecture::bytes_per_token`]).
    pub fn computed_pool<'a>(
        &'a self,
        dataset: &Dataset,
        run: &'a Run,
        context_tokens: f64,
        overhead_gb: f64,
    ) -> Result<ComputedPool<'a>, NoComputedPool> {
        let model = self.model(&run.model_id).ok_or(NoComputedPool::NoModelFacts)?;
        let cache = self.run_cache(&run.id).ok_or(NoComputedPool::NoRunFacts)?;
        let architecture = model.kv_architecture(cache.kv_dtype).map_err(NoComputedPool::Architecture)?;
        let (weights_format, weights_gb, weights_source) = served_weights(model, cache, run)?;
        let band = dataset.working_budget().ok_or(NoComputedPool::NoBudget)?;
        let pool = |budget| pool_gb(budget, weights_gb, overhead_gb, run.nodes, run.topology);
        let (pool_gb_low, pool_gb_high) = (pool(band.low_gb), pool(band.high_gb));
        if pool_gb_low < 0.0 {
            return Err(NoComputedPool::WeightsOverBudget);
        }
        let tokens = |pool: f64| kv_pool_tokens(pool * sizer_core::BYTES_PER_GB, &architecture, context_tokens);
        Ok(ComputedPool {
            band,
            overhead_gb,
            nodes: run.nodes,
            topology: run.topology,
            weights_format,
            weights_gb,
            weights_source,
            kv_dtype: cache.kv_dtype,
            dtype_basis: cache.basis,
            architecture,
            context_tokens,
            kv_bytes_per_token: architecture.bytes_per_token(context_tokens),
            pool_gb_low,
            pool_gb_high,
            tokens_low: tokens(pool_gb_low),
            tokens_high: tokens(pool_gb_high),
        })
    }

    /// The KV limit of a run at a context: its logged pool ([`Dataset::kv_pool_tokens`]) when
    /// there is one, else the computed pool at the low end of the budget, with no overhead beyond
    /// the budget (the German seed's arithmetic).
    pub fn kv_limit<'a>(&'a self, dataset: &'a Dataset, run: &'a Run, context_tokens: f64) -> KvLimit<'a> {
        let logged = dataset.kv_pool_tokens(run);
        let computed = self.computed_pool(dataset, run, context_tokens, 0.0);
        let logged_gb = logged.and_then(|pool| {
            let model = self.model(&run.model_id)?;
            let architecture = model.kv_architecture(self.run_cache(&run.id)?.kv_dtype).ok()?;
            Some(pool.value * architecture.bytes_per_token(context_tokens) / sizer_core::BYTES_PER_GB)
        });
        let (kind, tokens) = match (&logged, &computed) {
            (Some(logged), _) => (Some(PoolKind::Logged), Some(logged.value)),
            (None, Ok(pool)) => (Some(PoolKind::Computed), Some(pool.tokens_low)),
            (None, Err(_)) => (None, None),
        };
        KvLimit { kind, tokens, logged, logged_gb, computed }
    }
}
