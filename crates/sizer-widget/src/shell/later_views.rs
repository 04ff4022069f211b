//! The views after an instance's first frame, as [`crate::shell::later`] calls them (directly, or
//! through its split points).

use std::rc::Rc;

use yew::prelude::*;

use crate::common::step_list::WorkSteps;
use crate::i18n::codes::{self, THEME};
use crate::i18n::page::{PageMsg, page_text};
use crate::i18n::request_rate::Gap;
use crate::i18n::{Msg, text};
use crate::import::panel::ImportPanel;
use crate::memory::section::MemorySection;
use crate::shell::later::RestArgs;
use crate::shell::share_bar::ShareBar;
use crate::shell::state::SizerState;
use crate::simulation::load_prediction::ImportedSuite;
use crate::simulation::load_prediction::export::LoadShare;
use crate::simulation::load_prediction::log_ranking::RankingRuns;
use crate::simulation::load_prediction::panel::LoadPanel;
use crate::simulation::load_prediction::people_rate::PeopleRate;
use crate::simulation::section::SimulationSection;
use crate::sizing::calculation::Calculation;
use crate::sizing::run_ref::RunRef;
use crate::sizing::steps::steps;
use crate::sizing::views::advice::AdviceList;
use crate::sizing::views::charts::Charts;
use crate::sizing::views::claims_panel::ClaimsPanel;
use crate::sizing::views::measured_load::{MeasuredLoadSection, YoursLoad};
use crate::sizing::views::sources::Sources;
use crate::sizing::views::tables::DataTables;
use crate::team::panel::TeamPanel;
use crate::team::state::TeamInputField;

/// The output column under the result: the rate its people stand for, the advice and the share
/// bar (the charts and the article's claims follow the team's answer, [`below`]).
pub fn output(args: &RestArgs<'_>) -> Html {
    let RestArgs { state, outcome, scenario_fragment, sync_url, handlers, ids, .. } = *args;
    let lang = state.lang;
    let imported = imported_suite(state, ids.prefix().as_str());
    let load = match (&imported, sourced_run_id(outcome)) {
        (Some(suite), _) => Some(LoadShare {
            run_id: state.run_id.clone(),
            imported: Some(suite.clone()),
            keys: state.load_keys.clone(),
        }),
        (None, Some(id)) => Some(LoadShare { run_id: id.to_string(), imported: None, keys: state.load_keys.clone() }),
        (None, None) => None,
    };
    // The rate the sizing's people stand for, and (for a dataset run) the button that carries
    // it into "Load from your logs".
    let rate = outcome.sizing().map(|sizing| {
        let gap = if outcome.scenario.always_busy {
            Gap::AlwaysBusy(sizing.busy_s)
        } else {
            Gap::Interval(outcome.scenario.interval_s)
        };
        html! {
            <PeopleRate
                which="sizing"
                people={sizing.people}
                {gap}
                per_server={(sizing.replicas > 1).then_some(sizing.people_per_spark)}
                prompt_tokens={outcome.scenario.prompt_tokens}
                answer_tokens={outcome.scenario.answer_tokens}
                id_prefix={ids.prefix()}
                link={load.as_ref().map(|_| AttrValue::from(state.load_keys.clone()))}
                on_link={handlers.on_load_keys.clone()}
                {lang}
            />
        }
    });
    // "Copy link" and the Markdown link carry an imported run's curve whatever the address holds.
    // As sized: a run of several workloads goes in as the workload the sizing uses.
    let sized = match &outcome.run {
        Some(RunRef::Yours(sized)) => Some(sized.as_ref()),
        _ => None,
    };
    let several = state.imported.get(&state.run_id).is_some_and(|run| run.workload_count() > 1);
    let copy_link = crate::share_link::copy_link(scenario_fragment.to_string(), sized, several);
    let team_share = Some(crate::team::export::TeamShare {
        input: state.team.clone(),
        usage: state.scenario(),
        imported: state.imported.runs().to_vec(),
    });
    html! {
        <>
            { rate }
            <AdviceList outcome={Rc::clone(outcome)} {lang} />
            <ShareBar
                {lang}
                outcome={Rc::clone(outcome)}
                usage={state.usage()}
                fragment={copy_link.fragment.map(AttrValue::from)}
                note={copy_link.note}
                link={sync_url}
                memory={state.memory.clone()}
                team={team_share}
                stale={crate::shell::stale_inputs::stale_inputs(state)}
                {load}
            />
        </>
    }
}

/// The chosen run's id when it is a dataset run (only those have claims).
fn sourced_run_id(outcome: &Calculation) -> Option<AttrValue> {
    match &outcome.run {
        Some(RunRef::Sourced(run)) => Some(AttrValue::from(run.id.clone())),
        _ => None,
    }
}

/// The import panel, at the end of the form.
pub fn import_panel(args: &RestArgs<'_>) -> Html {
    let RestArgs { state, handlers, ids, .. } = *args;
    html! {
        <ImportPanel
            imported={state.imported.clone()}
            panel={state.import_panel.clone()}
            selected={AttrValue::from(state.run_id.clone())}
            lang={state.lang}
            id_prefix={ids.prefix()}
            on_action={handlers.on_import.clone()}
            lengths={(state.scenario().prompt_tokens, state.scenario().answer_tokens)}
        />
    }
}

/// The chosen run when it is a person's run imported as a whole suite, with its measured load
/// (the last import's suite filed first, so a run just imported shows at once). [`output`] and
/// [`below`] each look it up: they are separate split points, and [`RestArgs`] is built in the
/// first module, which does not carry the suites table; filing is idempotent.
fn imported_suite(state: &SizerState, prefix: &str) -> Option<ImportedSuite> {
    if let Some(done) = &state.import_panel.done {
        crate::import::suites::remember(prefix, done, &state.imported, &state.run_id);
    }
    let run = state.imported.get(&state.run_id)?;
    crate::import::suites::is_suite(prefix, &state.run_id)
        .then(|| ImportedSuite { run: Rc::clone(run), load: crate::import::suites::load(prefix, &state.run_id) })
}

/// The page as a path after the sizing: the team's question and answer first, then its checks
/// (the simulation, the load from your logs, the run's measured load), then the reference (the
/// worked steps, the charts, the article's claims), the memory section, the tables and the
/// sources.
pub fn below(args: &RestArgs<'_>) -> Html {
    let RestArgs { state, outcome, overlays, handlers, ids, on_sim_seed, on_memory, .. } = *args;
    let lang = state.lang;
    let prefix = ids.prefix();
    let work = steps(lang, outcome);
    let charts = outcome.run.clone().map(|run| {
        html! {
            <section class="ss-charts-section" aria-label={text(lang, Msg::ChartsHeading)}>
                <Charts
                    {run}
                    overlays={overlays.to_vec()}
                    floor={outcome.scenario.floor_tok_s}
                    sizing={outcome.sizing.as_ref().ok().cloned()}
                    interpolation={outcome.scenario.interpolation}
                    {lang}
                    redraw_key={AttrValue::Static(codes::code(&THEME, state.theme))}
                />
            </section>
        }
    });
    let imported = imported_suite(state, prefix.as_str());
    // The run "Load from your logs" predicts on: a dataset run, or a person's imported suite.
    let predicted_run = match (&outcome.run, &imported) {
        (Some(RunRef::Sourced(run)), _) => Some(AttrValue::from(run.id.clone())),
        (_, Some(_)) => Some(AttrValue::from(state.run_id.clone())),
        _ => None,
    };
    let sourced = predicted_run.is_some();
    let yours = imported.as_ref().and_then(|s| Some(YoursLoad { run: Rc::clone(&s.run), load: s.load.clone()? }));
    let load_keys = AttrValue::from(state.load_keys.clone());
    // The rate the team's people stand for (its agents said apart), at the form's usage.
    let team_rate = {
        let gap = match (outcome.scenario.always_busy, outcome.sizing()) {
            (false, _) => Some(Gap::Interval(outcome.scenario.interval_s)),
            (true, Some(sizing)) => Some(Gap::AlwaysBusy(sizing.busy_s)),
            (true, None) => None,
        };
        let count = |field| state.team.value(field).unwrap_or(0.0) as u64;
        gap.map(|gap| {
            html! {
                <PeopleRate
                    which="team"
                    people={count(TeamInputField::People)}
                    {gap}
                    agents={count(TeamInputField::Agents)}
                    prompt_tokens={outcome.scenario.prompt_tokens}
                    answer_tokens={outcome.scenario.answer_tokens}
                    id_prefix={prefix.clone()}
                    link={sourced.then(|| load_keys.clone())}
                    on_link={handlers.on_load_keys.clone()}
                    {lang}
                />
            }
        })
    };
    html! {
        <>
            <TeamPanel
                {lang}
                id_prefix={prefix.clone()}
                input={state.team.clone()}
                usage={state.scenario()}
                run_id={AttrValue::from(state.run_id.clone())}
                imported={state.imported.runs().to_vec()}
                on_action={handlers.on_team.clone()}
                stale={state.has_errors()}
                on_pick={handlers.on_run.clone()}
            >
                { team_rate.unwrap_or_default() }
            </TeamPanel>
            // "Check by simulation": runs after the sizing, off the input path.
            if let (Some(run), Some(_)) = (outcome.run.clone(), outcome.sizing()) {
                <SimulationSection
                    {run}
                    scenario={outcome.scenario}
                    seed={state.sim_seed}
                    {lang}
                    on_seed={on_sim_seed.clone()}
                    redraw_key={AttrValue::Static(codes::code(&THEME, state.theme))}
                />
            }
            // "Load from your logs": a dataset run's engine model under a load (or a person's
            // run imported as a whole suite), off the input path as the simulation; remounted
            // in another language, so its inputs' text is always read in the language it was
            // written in (`LoadPanel` keeps a log read across it).
            if let Some(run_id) = predicted_run {
                <LoadPanel
                    {run_id}
                    imported={imported.clone()}
                    id_prefix={prefix.clone()}
                    link={load_keys.clone()}
                    on_link={handlers.on_load_keys.clone()}
                    floor_tok_s={outcome.scenario.floor_tok_s}
                    {lang}
                    redraw_key={AttrValue::Static(codes::code(&THEME, state.theme))}
                    streams_per_spark={outcome.sizing().map(|s| s.whole_streams)}
                    on_sizing_input={handlers.on_input.clone()}
                    ranking_runs={Some(RankingRuns {
                        team: state.team.clone(),
                        usage: state.scenario(),
                        imported: state.imported.runs().to_vec(),
                        prefix: prefix.clone(),
                    })}
                />
            }
            // A dataset run's measured open-loop load (the arena's runs), after the simulation.
            if let Some(RunRef::Sourced(run)) = &outcome.run {
                <MeasuredLoadSection
                    run_id={AttrValue::from(run.id.clone())}
                    {lang}
                    redraw_key={AttrValue::Static(codes::code(&THEME, state.theme))}
                />
            }
            // A person's run imported as a whole suite brings its own.
            if let Some(yours) = yours {
                <MeasuredLoadSection
                    {yours}
                    {lang}
                    redraw_key={AttrValue::Static(codes::code(&THEME, state.theme))}
                />
            }
            // The reference behind the answer: the worked steps, the run's curve and the
            // article's claims, after the team's answer and its checks.
            <WorkSteps steps={work} {lang} />
            { charts }
            <ClaimsPanel claims={outcome.claims.clone()} {lang} run_id={sourced_run_id(outcome)} />
            <section class="ss-below">
                <MemorySection
                    choice={state.memory.clone()}
                    context_tokens={outcome.scenario.context_tokens}
                    run_id={sourced_run_id(outcome)}
                    imported_run={state.imported.get(&state.run_id).cloned()}
                    {lang}
                    id_prefix={prefix.clone()}
                    on_action={on_memory.clone()}
                />
                // Long sections fold, closed at first: the page stays short and its tab stops few.
                // Their content is in the markup all the same (tests, find in page, links).
                <details class="ss-fold" id={ids.id("tables")} data-fold="tables">
                    <summary><h3>{ text(lang, Msg::TablesHeading) }</h3><span class="ss-fold-hint">{ page_text(lang, PageMsg::FoldHint) }</span></summary>
                    <DataTables {lang} highlight={Some(AttrValue::from(state.run_id.clone()))} yours={state.imported.runs().to_vec()} />
                </details>
                <details class="ss-fold" id={ids.id("sources")} data-fold="sources">
                    <summary><h3>{ text(lang, Msg::SourcesHeading) }</h3><span class="ss-fold-hint">{ page_text(lang, PageMsg::FoldHint) }</span></summary>
                    <Sources {lang} />
                </details>
            </section>
        </>
    }
}
