//! "Your team": head counts, TTFT ceiling, headroom and uncertainty; the verdict for
//! the chosen run (`[data-result="sparks"]`); and every run ranked for the team. The plan is
//! `sizer_data::Dataset::plan_team` (the data crate's rules); this component only shows it.
//!
//! The team's own inputs re-plan at once. A change of the form above (its usage, floor,
//! percentile, z, interpolation) re-plans in the task after the one that showed the new result
//! (`crate::common::defer`): every run ranked anew changes most of the table, and laying that out
//! would hold back the result's frame. Until then the section is `aria-busy`.

use std::rc::Rc;

use sizer_core::{Scenario, TeamHeadroom};
use sizer_data::architecture::as_run::architecture_of;
use sizer_data::architecture::measured_error::{InputKind, measured_error_for};
use sizer_data::{PlanRow, Recommendation, Run, dataset};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::common::choice_select::ChoiceSelect;
use crate::common::defer::use_next_task;
use crate::common::error_text::error_message;
use crate::common::step_list::StepItem;
use crate::i18n::architecture::measured_error;
use crate::i18n::codes::{self, TEAM_HEADROOM, TEAM_LIMIT};
use crate::i18n::team::{
    TeamText, TeamWords, bounded_cell, people_per_system_cell, recommendation, row_note, source_cell, systems_cell,
    team_error, team_text, team_total, unchecked_cell, verdict,
};
use crate::i18n::{Lang, format_integer, format_number};
use crate::sizing::steps::Step;
use crate::team::state::{RankSort, TeamAction, TeamInput, TeamInputField};
use crate::team::steps::team_steps;

/// Props of [`TeamPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct TeamPanelProps {
    pub lang: Lang,
    pub id_prefix: AttrValue,
    pub input: TeamInput,
    /// The form's usage, floor, percentile, z and interpolation.
    pub usage: Scenario,
    /// The chosen run (highlighted; its row makes the verdict).
    pub run_id: AttrValue,
    /// The person's imported runs (ranked with the sourced ones).
    pub imported: Vec<Rc<Run>>,
    pub on_action: Callback<TeamAction>,
    /// Choose a run (its id), from the ranking.
    #[prop_or_default]
    pub on_pick: Callback<String>,
    /// A field of the form above holds invalid text (the plan uses its last valid values).
    #[prop_or_default]
    pub stale: bool,
    /// Shown at the end of the section (the rate the team stands for).
    #[prop_or_default]
    pub children: Html,
}

/// The team section.
#[component]
pub fn TeamPanel(props: &TeamPanelProps) -> Html {
    let (usage, waiting) = use_next_task(&props.usage);
    // The children change apart from the plan: the body, which plans, does not take them.
    let body = TeamPanelProps { usage, children: Html::default(), ..props.clone() };
    html! {
        <section class="ss-team" aria-label={team_text(props.lang, TeamText::Heading)} aria-busy={waiting.then_some("true")}>
            <TeamBody ..body />
            { props.children.clone() }
        </section>
    }
}

/// The section's content for the usage it was last given (skipped while its props are equal).
#[component]
fn TeamBody(props: &TeamPanelProps) -> Html {
    let lang = props.lang;
    let t = |msg| team_text(lang, msg);
    let imported: Vec<Run> = props.imported.iter().map(|run| (**run).clone()).collect();
    let team = props.input.team(&props.usage);
    let planned = team.as_ref().map(|team| dataset().plan_team(team, &imported));
    // The kinds of input the rows from an architecture were read from: each shows its own error.
    let architecture_inputs: Vec<InputKind> = InputKind::ALL
        .into_iter()
        .filter(|kind| imported.iter().any(|run| architecture_of(run).is_some_and(|c| c.input == *kind)))
        .collect();
    let people = props.input.people();
    let words = team_words(&props.input);
    let on_headroom = {
        let on_action = props.on_action.clone();
        Callback::from(move |code: String| {
            if let Some(headroom) = codes::from_code::<TeamHeadroom>(&TEAM_HEADROOM, &code) {
                on_action.emit(TeamAction::SetHeadroom(headroom));
            }
        })
    };
    // On a narrow widget the ranking shows its first rows and the chosen one until asked for all.
    let show_all = use_state(|| false);
    let chosen = planned.as_ref().ok().and_then(|rows| rows.iter().find(|row| row.run_id == props.run_id.as_str()));
    let steps = chosen.map(|row| {
        let run = dataset().run(row.run_id).or_else(|| imported.iter().find(|run| run.id == row.run_id));
        // The finite count beside Poisson's for the chosen run only (one more plan of the team).
        let finite = run.zip(team.as_ref().ok()).and_then(|(run, team)| dataset().compare_finite(team, run));
        team_steps(lang, row, run, finite.as_ref())
    });
    let headline = match &planned {
        Ok(_) => match chosen {
            Some(row) => {
                let sparks = row.sparks_needed.map_or_else(|| "none".to_owned(), |k| k.to_string());
                html! {
                    <p class="ss-team-verdict" data-result="sparks" data-value={sparks}>
                        { verdict(lang, row, people, props.usage.floor_tok_s) }
                    </p>
                }
            }
            None => html! {},
        },
        Err(error) => html! { <p class="ss-error ss-team-verdict" role="alert">{ team_error(lang, error) }</p> },
    };
    html! {
        <>
            <h3>{ t(TeamText::Heading) }</h3>
            <div class="ss-grid">
                for field in TeamInputField::ALL {
                    { team_field(props, field) }
                }
                <ChoiceSelect
                    name="team_headroom"
                    id_prefix={props.id_prefix.clone()}
                    label={AttrValue::Static(t(TeamText::HeadroomLabel))}
                    choices={codes::choices(lang, &TEAM_HEADROOM)}
                    selected={AttrValue::Static(codes::code(&TEAM_HEADROOM, props.input.headroom))}
                    on_change={on_headroom}
                />
            </div>
            <p class="ss-hint" data-result="team-total">
                { team_total(lang, words.chatting, words.agents) }
            </p>
            <div aria-live="polite">
                { headline }
                if props.input.has_errors() || props.stale {
                    <p class="ss-stale">{ crate::i18n::phrases::stale_note(lang) }</p>
                }
            </div>
            if let Ok(rows) = &planned {
                <p class="ss-team-answer" data-result="recommendation">
                    { recommendation(lang, &Recommendation::of(rows), &words) }
                </p>
                { ranking(props, rows, &show_all) }
                // A row of a model's own, from its architecture: the method's measured error.
                if !architecture_inputs.is_empty() {
                    <p class="ss-hint" data-result="team-architecture-error">
                        { architecture_inputs.iter().map(|&input| measured_error(lang, input, &measured_error_for(input))).collect::<Vec<_>>().join(" ") }
                    </p>
                }
            }
            if let Some(steps) = steps.filter(|steps| !steps.is_empty()) {
                { work(lang, &steps) }
            }
        </>
    }
}

/// One labelled input of the team form.
fn team_field(props: &TeamPanelProps, field: TeamInputField) -> Html {
    let lang = props.lang;
    let id = format!("{}-{}", props.id_prefix, field.name());
    let label = team_text(
        lang,
        match field {
            TeamInputField::People => TeamText::PeopleLabel,
            TeamInputField::Agents => TeamText::AgentsLabel,
            TeamInputField::TtftCeiling => TeamText::CeilingLabel,
            TeamInputField::Uncertainty => TeamText::UncertaintyLabel,
        },
    );
    let placeholder = (field == TeamInputField::TtftCeiling).then(|| team_text(lang, TeamText::CeilingOff));
    let oninput = {
        let on_action = props.on_action.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            on_action.emit(TeamAction::SetText(field, input.value()));
        })
    };
    let error = props.input.error(field);
    html! {
        <div class="ss-field">
            <label for={id.clone()}>{ label }</label>
            <input {id} type="text" inputmode="decimal" data-field={field.name()} value={props.input.text(field).to_owned()}
                {placeholder} aria-invalid={error.is_some().then_some("true")} {oninput} />
            if let Some(error) = error {
                <span class="ss-error" role="alert" data-error={field.name()}>{ error_message(lang, error) }</span>
            }
        </div>
    }
}

/// The ranking table, sorted as chosen, the chosen run highlighted.
fn ranking(props: &TeamPanelProps, rows: &[PlanRow<'_>], show_all: &UseStateHandle<bool>) -> Html {
    let lang = props.lang;
    let folded = |index: usize, row: &PlanRow<'_>| {
        !**show_all && index >= NARROW_ROWS_SHOWN && row.run_id != props.run_id.as_str()
    };
    let on_show_all = {
        let show_all = show_all.clone();
        Callback::from(move |_: MouseEvent| show_all.set(true))
    };
    let t = |msg| team_text(lang, msg);
    let mut order: Vec<&PlanRow<'_>> = rows.iter().collect();
    match props.input.sort {
        RankSort::Ranked => {}
        RankSort::PeoplePerSpark => order.sort_by_key(|row| core::cmp::Reverse(row.people_per_spark)),
        RankSort::Date => order.sort_by_key(|row| core::cmp::Reverse(row.date.map(|d| d.to_string()))),
    }
    let header = |sort: RankSort, msg: TeamText| {
        let code = RankSort::ALL.iter().find(|(s, _)| *s == sort).map_or("", |(_, code)| code);
        let on_action = props.on_action.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_action.emit(TeamAction::SetSort(sort)));
        let active = props.input.sort == sort;
        html! {
            <th scope="col" aria-sort={if active { "descending" } else { "none" }}>
                <button type="button" class="ss-sort" data-sort={code} {onclick}>{ t(msg) }</button>
            </th>
        }
    };
    let never = t(TeamText::Never);
    html! {
        <div class="ss-table-scroll">
            <table class="ss-table ss-team-ranking" data-table="team-ranking">
                <caption>{ t(TeamText::RankingHeading) }</caption>
                <thead><tr>
                    <th scope="col">{ t(TeamText::ColRun) }</th>
                    { header(RankSort::PeoplePerSpark, TeamText::ColPeople) }
                    { header(RankSort::Ranked, TeamText::ColSparks) }
                    <th scope="col">{ t(TeamText::ColBinding) }</th>
                    <th scope="col">{ t(TeamText::ColTtft) }</th>
                    <th scope="col">{ t(TeamText::ColRange) }</th>
                    { header(RankSort::Date, TeamText::ColDate) }
                    <th scope="col">{ t(TeamText::ColSource) }</th>
                </tr></thead>
                <tbody>
                    for (index, row) in order.iter().enumerate() {
                        { ranking_row(lang, row, row.run_id == props.run_id.as_str(), folded(index, row), never, &props.on_pick) }
                    }
                </tbody>
            </table>
            if !**show_all && rows.len() > NARROW_ROWS_SHOWN {
                <button type="button" class="ss-button ss-show-all" data-action="show-all-runs" onclick={on_show_all}>
                    { crate::i18n::team::show_all_runs(lang, rows.len()) }
                </button>
            }
        </div>
    }
}

/// Rows a narrow widget's ranking shows before "Show all runs" (and the chosen run's, wherever
/// it ranks): on a phone each row takes a screen's fifth.
pub const NARROW_ROWS_SHOWN: usize = 8;

fn ranking_row(
    lang: Lang,
    row: &PlanRow<'_>,
    chosen: bool,
    folded: bool,
    never: &'static str,
    on_pick: &Callback<String>,
) -> Html {
    let pick = {
        let (on_pick, id) = (on_pick.clone(), row.run_id.to_owned());
        Callback::from(move |_: MouseEvent| on_pick.emit(id.clone()))
    };
    // Only Sparks are counted per Spark; other hardware shows its people per system, named.
    let people = match (row.people_per_spark, row.people_per_system) {
        (Some(per_spark), _) => bounded_cell(format_integer(lang, per_spark), row.people_at_least(), true),
        (None, Some(per_system)) if !row.is_spark => people_per_system_cell(lang, per_system, row.stated_hardware()),
        _ => "—".to_owned(),
    };
    let sparks = match (row.sparks_needed, row.systems_needed) {
        (Some(1), _) => format_integer(lang, 1),
        (Some(k), _) => bounded_cell(format_integer(lang, k), row.people_at_least(), false),
        (None, Some(k)) => systems_cell(lang, k, row.stated_hardware()),
        (None, None) if row.plan.is_some() => never.to_owned(),
        (None, None) => "—".to_owned(),
    };
    let binding = row.binding.or(row.unserved_by);
    let ttft = row.p99_ttft_near_load.map_or_else(
        || "—".to_owned(),
        |near| {
            format!("{} s @ {}", format_number(lang, near.p99_s, 2), format_integer(lang, u64::from(near.concurrency)))
        },
    );
    let range = match (row.people_low, row.people_high) {
        (Some(low), Some(high)) => format!("{}–{}", format_integer(lang, low), format_integer(lang, high)),
        _ => "—".to_owned(),
    };
    html! {
        <tr data-run={row.run_id.to_owned()} class={classes!(chosen.then_some("ss-chosen"), folded.then_some("ss-folded"))}
            aria-current={chosen.then_some("true")} title={row_note(lang, row)}>
            <th scope="row">
                <button type="button" class="ss-sort" data-pick={row.run_id.to_owned()} onclick={pick}>{ crate::i18n::team::row_label(lang, row) }</button>
                if let Some(choice) = &row.workload {
                    <span class="ss-row-workload ss-muted" data-workload={crate::i18n::workloads::kind_code(choice.kind)}>{ crate::i18n::workloads::lengths(lang, choice) }</span>
                }
                // In words, not only in the tooltip: touch screens never show a title.
                if let Some(note) = row_note(lang, row) {
                    <span class="ss-row-note ss-muted" data-row-note="">{ note }</span>
                }
                // A narrow widget hides the binding column: what binds, and what was not
                // checked, then stand under the run's name.
                <span class="ss-row-binding ss-narrow-only">
                    { binding.map_or("—", |b| codes::label(lang, &TEAM_LIMIT, b)) }
                    if let Some(unchecked) = unchecked_cell(lang, row) {
                        <span class="ss-unchecked">{ unchecked }</span>
                    }
                    if let Some(engine) = crate::i18n::team::engine_speed_cell(lang, row) {
                        <span class="ss-row-engine ss-muted">{ engine }</span>
                    }
                </span>
            </th>
            <td data-value={row.people_per_spark.map(|p| p.to_string())} data-lower-bound={row.people_at_least().then_some("true")}>{ people }</td>
            <td data-value={row.sparks_needed.map(|k| k.to_string())}>{ sparks }</td>
            <td data-binding={binding.map(|b| codes::code(&TEAM_LIMIT, b))}>
                { binding.map_or("—", |b| codes::label(lang, &TEAM_LIMIT, b)) }
                if let Some(unchecked) = unchecked_cell(lang, row) {
                    <span class="ss-unchecked" data-unchecked={unchecked_codes(row)}>{ unchecked }</span>
                }
                if let Some(engine) = crate::i18n::team::engine_speed_cell(lang, row) {
                    <span class="ss-row-engine ss-muted" data-speed="engine">{ engine }</span>
                }
            </td>
            <td>{ ttft }</td>
            <td>{ range }</td>
            <td>{ row.date.map(|d| d.to_string()).unwrap_or_default() }</td>
            <td>{ source_cell(lang, row) }</td>
        </tr>
    }
}

/// The team a recommendation speaks of, from the fields' last valid values.
fn team_words(input: &TeamInput) -> TeamWords {
    let count = |field| input.value(field).unwrap_or(0.0) as u64;
    TeamWords {
        chatting: count(TeamInputField::People),
        agents: count(TeamInputField::Agents),
        ceiling_s: input.value(TeamInputField::TtftCeiling),
    }
}

/// The codes of a row's unchecked limits, space-separated ("kv prefill"), for tests and styles.
fn unchecked_codes(row: &PlanRow<'_>) -> String {
    row.unchecked.iter().map(|limit| codes::code(&TEAM_LIMIT, *limit)).collect::<Vec<_>>().join(" ")
}

/// The team plan's steps, folded away under a summary.
fn work(lang: Lang, steps: &[Step]) -> Html {
    html! {
        <details class="ss-work ss-team-work">
            <summary>{ team_text(lang, TeamText::WorkHeading) }</summary>
            <ol class="ss-steps">
                for step in steps.iter() {
                    <StepItem key={step.title} step={step.clone()} {lang} linked=false />
                }
            </ol>
        </details>
    }
}
