//! The calculator: state, inputs, result, worked steps, charts, data tables and sources.
//!
//! Rendering is pure (no web-sys), so the app renders under Yew's `ssr` feature too; the URL
//! fragment is read and written in effects, which only run in the browser.

use std::rc::Rc;

use sizer_core::HeadroomMethod;
use sizer_data::dataset;
use yew::prelude::*;

use crate::common::browser;
use crate::common::choice_select::{Choice, ChoiceSelect};
use crate::common::ids::Ids;
use crate::common::input::Field;
use crate::common::number_field::NumberField;
use crate::i18n::codes::{self, HEADROOM, INTERPOLATION, THEME};
use crate::i18n::import::stored_note;
use crate::i18n::{Lang, Msg, headline, text};
use crate::memory::kv_pool_note::KvPoolNote;
use crate::memory::state::MemoryAction;
use crate::shell::config::Config;
use crate::shell::config_errors::ConfigErrors;
use crate::shell::first_frame::Rest;
use crate::shell::handlers::Handlers;
use crate::shell::skip_links::SkipLinks;
use crate::shell::state::{Action, SizerState, Usage};
use crate::sizing::fragment;
use crate::sizing::run_ref::RunRef;
use crate::sizing::summary::result_text;
use crate::sizing::views::floor_presets::FloorInput;
use crate::sizing::views::link_notice::LinkNotice;
use crate::sizing::views::result_panel::ResultPanel;
use crate::sizing::views::run_picker::RunPicker;
use crate::sizing::views::ttft_note::TtftNote;

/// Props of [`App`].
#[derive(Properties, PartialEq, Clone, Default)]
pub struct AppProps {
    /// The validated `data-*` configuration.
    #[prop_or_default]
    pub config: Config,
    /// A prefix for element ids, unique per instance on the page.
    #[prop_or(AttrValue::Static("ss"))]
    pub id_prefix: AttrValue,
}

/// One calculator instance.
#[component]
pub fn App(props: &AppProps) -> Html {
    let config = props.config.clone();
    let state = use_reducer(move || SizerState::new(&config));
    let sync_url = props.config.sync_url;
    let lang = state.lang;
    let prefix = props.id_prefix.clone();
    let outcome = Rc::clone(&state.outcome);
    let usage = state.usage();
    // The team's, the memory section's and the simulation's keys go before a shared curve's,
    // which stays last.
    let scenario_fragment = crate::sim_link::with_seed(
        crate::team::fragment::append(fragment::encode(&state.run_id, lang, &state.scenario()), &state.team)
            + &state.memory.fragment_suffix()
            + &state.load_keys,
        state.sim_seed,
    );
    let fragment = crate::shell::state::fragment_with_shared(scenario_fragment.clone(), &state);
    let on_memory = {
        let dispatcher = state.dispatcher();
        use_memo((), move |_| Callback::from(move |action: MemoryAction| dispatcher.dispatch(Action::Memory(action))))
    };

    use_fragment_sync(sync_url, state.dispatcher(), fragment.clone(), state.link.held, state.person_changes);
    {
        // `SparkSizer.plan()` ranks this instance's imported runs too.
        let instance = prefix.to_string();
        use_effect_with(state.imported.runs().to_vec(), move |runs| {
            crate::shell::team_api::register(&instance, runs);
            move || crate::shell::team_api::unregister(&instance)
        });
    }
    crate::shell::page_sync::use_page_sync(sync_url, lang, state.theme, state.dispatcher());
    crate::shell::config_sync::use_config_changes(&props.config, state.dispatcher());
    use_sizing_report(&outcome);
    // Charts, team planner, worked steps, simulation and tables: after the first frame when
    // progressive (a client-rendered `<spark-sizer>`), else at once.
    let rest = crate::shell::first_frame::use_rest_shown();
    {
        // The second module brings the arena's runs: once it is in, size again (a cheap no-op
        // when nothing changed, as for a hydrated instance, which starts with both modules).
        let dispatcher = state.dispatcher();
        use_effect_with(rest, move |rest| {
            if *rest == crate::shell::first_frame::Rest::Shown {
                dispatcher.dispatch(Action::DataGrown);
            }
        });
    }

    let overlays = use_memo(state.run_id.clone(), |run_id| same_model_runs(run_id));
    let result = result_text(lang, &outcome, usage);
    let handlers = {
        let dispatcher = state.dispatcher();
        use_memo((), move |_| Handlers::new(&dispatcher))
    };
    let field = |field: Field| {
        html! {
            <NumberField
                key={field.name()}
                {field}
                id_prefix={prefix.clone()}
                value={AttrValue::from(state.text(field).to_string())}
                error={state.error(field)}
                echo={reading(lang, state.text(field))}
                {lang}
                on_input={handlers.on_input.clone()}
            />
        }
    };
    let on_sim_seed = {
        let dispatcher = state.dispatcher();
        use_memo((), move |_| Callback::from(move |seed: u64| dispatcher.dispatch(Action::SetSimSeed(seed))))
    };

    let t = |msg: Msg| AttrValue::Static(text(lang, msg));
    let warning = outcome.sizing().is_some_and(|s| s.whole_streams == 0 || s.people_is_lower_bound);
    let busy_id = format!("{prefix}-always-busy");
    // z = 2.33 fixed (normal approximation only): the percentile changes nothing.
    let percentile_unused = state.seed_z && state.headroom == HeadroomMethod::NormalApprox;

    let ids = Ids::new(prefix.clone());
    let rest_args = crate::shell::later::RestArgs {
        state: &state,
        outcome: &outcome,
        handlers: &handlers,
        ids: &ids,
        overlays: &overlays,
        on_sim_seed: &on_sim_seed,
        on_memory: &on_memory,
        scenario_fragment: &scenario_fragment,
        sync_url,
    };
    let shown = |view: fn(&crate::shell::later::RestArgs<'_>) -> Option<Html>| match rest {
        Rest::Shown => view(&rest_args).unwrap_or_default(),
        _ => Html::default(),
    };
    let rest_failed = match rest {
        Rest::Failed => {
            html! { <p class="ss-error" role="alert" data-rest="failed">{ text(lang, Msg::RestFailed) }</p> }
        }
        _ => Html::default(),
    };
    let (import_panel, output, below) = (
        shown(crate::shell::later::import_panel),
        shown(crate::shell::later::output),
        shown(crate::shell::later::below),
    );
    html! {
        <ContextProvider<Ids> context={ids.clone()}>
        <div class="spark-sizer" part="root" lang={lang.code()} data-theme={codes::code(&THEME, state.theme)} data-instance={prefix.clone()}>
            <SkipLinks {lang} />
            <header class="ss-header" part="header">
                <div class="ss-heading">
                    <h2 class="ss-title">{ text(lang, Msg::Title) }</h2>
                    <p class="ss-intro">{ text(lang, Msg::Intro) }</p>
                </div>
                <div class="ss-header-controls">
                    <ChoiceSelect
                        name="lang"
                        id_prefix={prefix.clone()}
                        label={t(Msg::LanguageLabel)}
                        choices={Lang::ALL.iter().map(|l| Choice::new(l.code(), l.native_name())).collect::<Vec<_>>()}
                        selected={AttrValue::Static(lang.code())}
                        on_change={handlers.on_lang.clone()}
                    />
                    <ChoiceSelect
                        name="theme"
                        id_prefix={prefix.clone()}
                        label={t(Msg::ThemeLabel)}
                        choices={codes::choices(lang, &THEME)}
                        selected={AttrValue::Static(codes::code(&THEME, state.theme))}
                        on_change={handlers.on_theme.clone()}
                    />
                </div>
            </header>
            <ConfigErrors errors={props.config.errors.clone()} {lang} />
            <LinkNotice parts={state.link.bad_parts.clone()} {lang} />
            <div class="ss-main">
                // Above both columns on a wide widget, so its long names are not cut off.
                <RunPicker
                    id_prefix={prefix.clone()}
                    selected={AttrValue::from(state.run_id.clone())}
                    {lang}
                    on_change={handlers.on_run.clone()}
                    yours={state.imported.runs().to_vec()}
                    yours_note={state.imported.get(&state.run_id).and_then(|run| {
                        crate::shell::later::imported_run_note(lang, run).unwrap_or_else(|| stored_note(run))
                    })}
                    notice={state.link.run.as_ref().map(|notice| (AttrValue::from(crate::i18n::links::run_notice(lang, notice)), notice.is_error()))}
                />
                <form class="ss-inputs" part="inputs" onsubmit={handlers.on_submit.clone()}>
                    <FloorInput
                        id_prefix={prefix.clone()}
                        value={AttrValue::from(state.text(Field::Floor).to_string())}
                        floor={state.value(Field::Floor)}
                        error={state.error(Field::Floor)}
                        echo={reading(lang, state.text(Field::Floor))}
                        {lang}
                        on_input={handlers.on_input.clone()}
                        on_preset={handlers.on_floor_preset.clone()}
                    />
                    <fieldset class="ss-group">
                        <legend>{ text(lang, Msg::UsageLegend) }</legend>
                        <ChoiceSelect
                            name="usage"
                            id_prefix={prefix.clone()}
                            label={t(Msg::UsageLabel)}
                            choices={usage_choices(lang, usage)}
                            selected={AttrValue::Static(usage.map(Usage::code).unwrap_or("custom"))}
                            on_change={handlers.on_usage.clone()}
                        />
                        <div class="ss-field ss-check">
                            <input type="checkbox" id={busy_id.clone()} data-field="always_busy" checked={state.always_busy} onchange={handlers.on_always_busy.clone()} />
                            <label for={busy_id}>{ text(lang, Msg::AlwaysBusyLabel) }</label>
                        </div>
                        <div class="ss-grid">
                            { field(Field::AnswerTokens) }
                            { field(Field::IntervalS) }
                            { field(Field::TtftS) }
                            { field(Field::PromptTokens) }
                            { field(Field::ContextTokens) }
                            { field(Field::Replicas) }
                        </div>
                    </fieldset>
                    <fieldset class="ss-group">
                        <legend>{ text(lang, Msg::AdvancedLegend) }</legend>
                        <div class="ss-grid">
                            <NumberField
                                key={Field::Percentile.name()}
                                field={Field::Percentile}
                                id_prefix={prefix.clone()}
                                value={AttrValue::from(state.text(Field::Percentile).to_string())}
                                error={state.error(Field::Percentile)}
                                {lang}
                                on_input={handlers.on_input.clone()}
                                disabled_reason={percentile_unused.then(|| AttrValue::Static(headline::percentile_unused(lang)))}
                            />
                            <ChoiceSelect
                                name="z"
                                id_prefix={prefix.clone()}
                                label={t(Msg::ZLabel)}
                                choices={vec![Choice::new("percentile", text(lang, Msg::ZFromPercentile)), Choice::new("seed", text(lang, Msg::ZSeed))]}
                                selected={AttrValue::Static(if state.seed_z { "seed" } else { "percentile" })}
                                disabled={state.headroom != HeadroomMethod::NormalApprox}
                                on_change={handlers.on_z.clone()}
                            />
                        </div>
                        <ChoiceSelect
                            name="headroom"
                            id_prefix={prefix.clone()}
                            label={t(Msg::HeadroomLabel)}
                            choices={codes::choices(lang, &HEADROOM)}
                            selected={AttrValue::Static(codes::code(&HEADROOM, state.headroom))}
                            on_change={handlers.on_headroom.clone()}
                        />
                        <ChoiceSelect
                            name="interpolation"
                            id_prefix={prefix.clone()}
                            label={t(Msg::InterpolationLabel)}
                            choices={codes::choices(lang, &INTERPOLATION)}
                            selected={AttrValue::Static(codes::code(&INTERPOLATION, state.interpolation))}
                            on_change={handlers.on_interpolation.clone()}
                        />
                    </fieldset>
                    { import_panel }
                </form>
                <div class="ss-output" part="output">
                    <ResultPanel result={result} {lang} stale={state.has_errors()} {warning} />
                    <TtftNote ttft={outcome.ttft} {lang} />
                    <KvPoolNote limit={outcome.kv_limit.clone()} {lang} />
                    { output }
                    { rest_failed }
                </div>
            </div>
            { below }
        </div>
        </ContextProvider<Ids>>
    }
}

/// Reports each new outcome (a new `Rc`) to the [`crate::shell::embedded::SizingListener`] of a
/// `<spark-sizer>` element, as JSON; effects never run on the server.
#[hook]
fn use_sizing_report(outcome: &Rc<crate::sizing::calculation::Calculation>) {
    let on_sizing = use_context::<crate::shell::embedded::SizingListener>().and_then(|listener| listener.0);
    let outcome = Rc::clone(outcome);
    use_effect_with(Rc::as_ptr(&outcome) as usize, move |_| {
        if let Some(on_sizing) = on_sizing {
            let report =
                SizingReport { run: outcome.run.as_ref().map(|run| run.id.as_ref()), sizing: outcome.sizing() };
            // Written straight to text: a `serde_json::Value` first would bring its serializer
            // into the page's first module.
            if let Ok(json) = serde_json::to_string(&report) {
                on_sizing.emit(json);
            }
        }
    });
}

/// The `change` event's detail: the run's id and the Sizing as the JSON API returns it.
#[derive(serde::Serialize)]
struct SizingReport<'a> {
    run: Option<&'a str>,
    sizing: Option<&'a sizer_core::Sizing>,
}

/// Reads the URL fragment once after mount (and on `hashchange`), writes it after each change
/// (coalesced, off the input's path: see [`browser::FragmentWriter`]), except while `held`: a
/// link as opened stays in the address until the person changes something.
/// Only for instances with `data-sync-url`; effects never run on the server.
///
/// `person_changes` is among the write's dependencies because Yew may run one effect for two
/// renders (it yields to the browser after about 16 ms, possibly between a render and its
/// effects): a pasted link and an edit that brings back the last written fragment would
/// otherwise leave the effect's dependencies equal, and the address on the pasted link.
#[hook]
fn use_fragment_sync(
    sync_url: bool,
    dispatcher: UseReducerDispatcher<SizerState>,
    fragment: String,
    held: bool,
    person_changes: u64,
) {
    {
        let dispatcher = dispatcher.clone();
        use_effect_with(sync_url, move |&sync_url| {
            let load = move || {
                if let Some(link) = browser::read_fragment().as_deref().and_then(crate::shell::link::read) {
                    dispatcher.dispatch(Action::LoadLink(Rc::new(link)));
                }
            };
            let listener = sync_url.then(|| {
                load();
                browser::on_hash_change(load)
            });
            // The listener lives until the instance unmounts.
            move || {
                let _listener = listener;
            }
        });
    }
    let writer = use_memo((), |_| browser::FragmentWriter::default());
    let first = use_mut_ref(|| true);
    use_effect_with((sync_url, fragment, held, person_changes), move |(sync_url, fragment, held, _)| {
        // The first render comes before the address's link is read: a link there is left as
        // it is (the load above holds it), anything else gets this instance's fragment.
        let opened_on_link = std::mem::replace(&mut *first.borrow_mut(), false)
            && browser::read_fragment().as_deref().and_then(fragment::body).is_some();
        if *held || opened_on_link {
            writer.cancel();
        } else if *sync_url {
            writer.write(fragment.clone());
        }
    });
}

/// "Read as 1500 (not 1.5)." under a field whose text English and German read differently
/// (also beside an error it explains: `1,500` in German is 1.5, not a whole number).
fn reading(lang: Lang, text: &str) -> Option<AttrValue> {
    let (read, other) = crate::common::input::ambiguous_reading(lang, text)?;
    let format = |value| crate::shell::state::format_value(lang, value);
    Some(AttrValue::from(crate::i18n::links::reading(lang, &format(read), &format(other))))
}

/// Other runs of the chosen run's model, for the chart overlay.
fn same_model_runs(run_id: &str) -> Vec<RunRef> {
    let data = dataset();
    data.run(run_id).map(|run| data.overlay_runs(run).into_iter().map(RunRef::Sourced).collect()).unwrap_or_default()
}

fn usage_choices(lang: Lang, usage: Option<Usage>) -> Vec<Choice> {
    let mut choices = vec![
        Choice::new(Usage::Chat.code(), text(lang, Msg::UsageChat)),
        Choice::new(Usage::Agent.code(), text(lang, Msg::UsageAgent)),
    ];
    if usage.is_none() {
        choices.push(Choice::new("custom", text(lang, Msg::UsageCustom)));
    }
    choices
}
