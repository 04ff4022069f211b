//! A team given as attributes (`team`, `team-agents`, `ttft-ceiling`, `uncertainty` on a
//! `<spark-sizer>` element, `data-team` and the like on a mount point) in the server-side render:
//! what `cargo xtask embed --team …` prerenders, the verdict and the ranking for that team, and
//! a bad team attribute named with its error while the rest keeps working. Figures are worked by
//! hand from the English seed (see each constant). Run:
//! `cargo test -p sizer-widget --no-default-features --features ssr --test native team::`.

use sizer_widget::render_element_to_string;
use sizer_widget::shell::config::Attributes;

use crate::support::{attribute_of, render, text_of};

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
/// The English seed: "52 streams allow an average of 37.7, which is 163 users" per Spark.
const SEED_PEOPLE: &str = "163";
/// The seed's method at 12 tok/s: 78 streams, 209.6 people per Spark (see `element.rs`).
const FLOOR_12_PEOPLE: &str = "209";

fn element(attributes: Attributes) -> String {
    futures::executor::block_on(render_element_to_string(attributes))
}

/// The chosen run's row of the ranking: (people per Spark, Sparks needed).
fn chosen_row(html: &str) -> (&str, &str) {
    let table = &html[html.find("data-table=\"team-ranking\"").expect("the ranking table")..];
    let row = &table[table.find(&format!("data-run=\"{QWEN}\"")).expect("the chosen run's row")..];
    let mut cells = row.split("<td").skip(1);
    let mut value = || {
        let cell = cells.next().expect("a cell");
        let start = cell.find("data-value=\"").expect("data-value") + "data-value=\"".len();
        &cell[start..start + cell[start..].find('"').expect("value end")]
    };
    (value(), value())
}

#[test]
fn a_team_of_400_chatting_needs_3_sparks_in_the_prerendered_element() {
    // 400 / 163 per Spark = 2.45: 3 Sparks.
    let html = element(Attributes { team: Some("400".into()), floor: Some("15".into()), ..Attributes::default() });
    assert_eq!(attribute_of(&html, "data-result=\"sparks\"", "data-value"), "3");
    let verdict = text_of(&html, "data-result=\"sparks\"");
    assert!(
        verdict.starts_with("3 Sparks serve your 400 people with Qwen3-Coder-30B-A3B")
            && verdict.ends_with(&format!("({SEED_PEOPLE} per Spark).")),
        "{verdict}"
    );
    assert_eq!(attribute_of(&html, "data-field=\"team_people\"", "value"), "400");
    assert_eq!(chosen_row(&html), (SEED_PEOPLE, "3"));
}

#[test]
fn the_example_team_from_attributes_is_bound_by_prefill_at_57_people() {
    // 5 agents x 20,000 / 30 s + 30 x 512 / 120 s = 3,461.3 prompt tok/s for 35 people; the
    // seed's 5,705 tok/s / (3,461.3 / 35) = 57.69 people per Spark: one Spark, room for 57.
    let html = element(Attributes {
        team: Some("30".into()),
        team_agents: Some("5".into()),
        // 20,000-token prompts take 3.51 s alone at 5,705 tok/s and queue behind the others':
        // under an 80 s p99 the others may use 89.70 % of the prefill rate, 58.48 people of this
        // mix (Python, from the formulas in `sizer_core::PromptTtft`), so prefill binds first.
        ttft_ceiling: Some("80".into()),
        uncertainty: Some("10".into()),
        ..Attributes::default()
    });
    assert_eq!(attribute_of(&html, "data-result=\"sparks\"", "data-value"), "1");
    let verdict = text_of(&html, "data-result=\"sparks\"");
    assert!(verdict.starts_with("One Spark serves your 35 people") && verdict.ends_with("(room for 57)."), "{verdict}");
    assert_eq!(chosen_row(&html), ("57", "1"));
    let fields = [("team_people", "30"), ("team_agents", "5"), ("team_ttft_ceiling", "80"), ("team_uncertainty", "10")];
    for (field, value) in fields {
        assert_eq!(attribute_of(&html, &format!("data-field=\"{field}\""), "value"), value, "{field}");
    }
}

#[test]
fn agents_long_prompts_are_held_to_the_ttft_ceiling_at_their_own_length() {
    // 20,000 / 5,705 = 3.51 s to read one agent's prompt alone, over a 3 s ceiling: the short
    // prompts' measured 0.61 s p99 TTFT is not used, and no number of Sparks meets the ceiling.
    let html = element(Attributes {
        team: Some("30".into()),
        team_agents: Some("5".into()),
        ttft_ceiling: Some("3".into()),
        ..Attributes::default()
    });
    assert_eq!(attribute_of(&html, "data-result=\"sparks\"", "data-value"), "none");
    let verdict = text_of(&html, "data-result=\"sparks\"");
    assert!(
        verdict
            .contains("cannot serve your team on DGX Spark (GB10): reading one 20,000-token prompt alone takes 3.51 s")
            && verdict.ends_with("over the 3 s TTFT ceiling."),
        "{verdict}"
    );
    // The two fields add up, and the page says so.
    assert_eq!(
        text_of(&html, "data-result=\"team-total\""),
        "35 people in all: 30 with the usage above and 5 running coding agents (the fields add up)."
    );
    // The ranking's one line says what it recommends and how many runs it could not check.
    let answer = text_of(&html, "data-result=\"recommendation\"");
    // It names the team as typed and the first run that checked every limit: the arena's
    // gpt-oss-20b, whose prefill rate reads one 20,000-token prompt in under the 3 s, so its
    // p99 TTFT is estimated with the other prompts queued before it, and that binds.
    assert!(
        answer.starts_with("For 30 people and 5 coding agents under a 3\u{a0}s p99 TTFT: 5 Sparks with gpt-oss-20b "),
        "{answer}"
    );
    assert!(
        answer
            .contains(", limited by p99 time to first token, the first run that checked every limit your team needs."),
        "{answer}"
    );
    assert!(answer.contains(" Runs that could not be checked (") && answer.contains(" for prefill, "), "{answer}");
    // A narrow widget shows the first 8 rows and the chosen one (the worked run, unserved, ranks
    // far below) until "Show all" is pressed: every other row is folded, none is left out.
    let table = &html[html.find("data-table=\"team-ranking\"").expect("the ranking table")..];
    let table = &table[..table.find("</table>").expect("table end")];
    let rows = table.matches("<tr data-run=").count();
    assert!(rows > 20, "{rows} rows");
    let folded = table.matches("class=\"ss-folded\"").count();
    assert_eq!(folded, rows - 8 - 1, "{rows} rows, {folded} folded");
    assert!(html.contains(&format!(">Show all {rows} runs</button>")), "the button names every run");
    // The worked run's row says why in words under its name, not only in a tooltip.
    let row = &table[table.find(&format!("data-run=\"{QWEN}\"")).expect("the worked run's row")..];
    let row = &row[..row.find("</tr>").expect("row end")];
    assert!(
        row.contains("data-row-note=\"\" class=\"ss-row-note ss-muted\">reading one 20,000-token prompt alone takes 3.51 s at this run's prefill rate, over the 3 s TTFT ceiling</span>"),
        "{row}"
    );
    // A row that could not check a needed limit says which, in words.
    assert!(html.contains("data-unchecked=\"kv prefill ttft\""), "some row could check neither KV, prefill nor TTFT");
    assert!(html.contains(">not checked: KV-cache sessions, prefill and p99 time to first token<"), "visible words");
}

#[test]
fn german_team_attributes_are_read_in_english_and_shown_in_german() {
    let html = element(Attributes {
        team: Some("400".into()),
        ttft_ceiling: Some("2.5".into()),
        lang: Some("de".into()),
        ..Attributes::default()
    });
    assert_eq!(attribute_of(&html, "data-field=\"team_ttft_ceiling\"", "value"), "2,5");
    let verdict = text_of(&html, "data-result=\"sparks\"");
    assert!(verdict.starts_with("3 Sparks bedienen Ihre 400 Personen"), "{verdict}");
}

#[test]
fn bad_team_attributes_are_named_and_the_rest_keeps_working() {
    let html = element(Attributes {
        team: Some("-3".into()),
        uncertainty: Some("abc".into()),
        team_agents: Some("0".into()),
        floor: Some("12".into()),
        ..Attributes::default()
    });
    for named in ["<code>team=&quot;-3&quot;</code>", "<code>uncertainty=&quot;abc&quot;</code>"] {
        let plain = named.replace("&quot;", "\"");
        assert!(html.contains(named) || html.contains(&plain), "{named} is not named in the errors");
    }
    assert!(!html.contains("data-team") && !html.contains("data-uncertainty"), "named as the element spells them");
    // The example team of 150 stays; the floor of 12 tok/s holds: room for 209.
    assert_eq!(attribute_of(&html, "data-result=\"people\"", "data-value"), FLOOR_12_PEOPLE);
    assert_eq!(attribute_of(&html, "data-result=\"sparks\"", "data-value"), "1");
    assert!(text_of(&html, "data-result=\"sparks\"").ends_with(&format!("(room for {FLOOR_12_PEOPLE}).")));
    assert_eq!(attribute_of(&html, "data-field=\"team_people\"", "value"), "150");
    assert_eq!(attribute_of(&html, "data-field=\"team_uncertainty\"", "value"), "10");
}

#[test]
fn a_mount_point_takes_the_team_as_data_attributes() {
    let html = render(Attributes { team: Some("400".into()), ..Attributes::default() });
    assert_eq!(attribute_of(&html, "data-result=\"sparks\"", "data-value"), "3");
    let bad = render(Attributes { ttft_ceiling: Some("0".into()), ..Attributes::default() });
    let named = bad.contains("<code>data-ttft-ceiling=&quot;0&quot;</code>")
        || bad.contains("<code>data-ttft-ceiling=\"0\"</code>");
    assert!(named, "the mount point's error names data-ttft-ceiling");
    assert_eq!(attribute_of(&bad, "data-result=\"sparks\"", "data-value"), "1");
}

/// The arena's Qwen3.6-35B-A3B FP8 run: its chat curve (`01-chat.md`) is still above 15 tok/s
/// per request at its last concurrency, 10 (15.3 tok/s in `tests/fixtures/arena/qwen-3.6/
/// qwen-3.6-35b-a3b/fp8/01-chat.md`), so its 10 streams are a lower bound.
const ARENA_QWEN: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";

#[test]
fn an_arena_run_sized_on_its_engine_without_a_kv_pool_gives_no_bound() {
    // By hand, the seed's method on the run's engine points (data/arena.json, the chat
    // workload): 16.006 tok/s at 10 requests and 14.522 at 12 put 15 tok/s at
    // 10 + (16.006 - 15) / (16.006 - 14.522) x 2 = 11.36 streams, so 11 whole; duty
    // (1 s + 400 / 15 s) / 120 s = 0.2306; the mean load m with m + 2.326 sqrt(m) = 11 is 5.530;
    // 5.530 / 0.2306 = 23.98, so 23 people per Spark by speed, and 163 / 23 = 7.09, so 8
    // Sparks. But the arena run has no KV pool (not logged, no catalogue architecture), and an
    // unchecked KV limit could bind first: neither "at least" nor "at most" holds, and the
    // verdict says what was not checked.
    let html = element(Attributes {
        run: Some(ARENA_QWEN.into()),
        team: Some("163".into()),
        floor: Some("15".into()),
        ..Attributes::default()
    });
    let verdict = text_of(&html, "data-result=\"sparks\"");
    assert_eq!(
        verdict,
        "8 Sparks serve your 163 people with Qwen3.6-35B-A3B-FP8 · FP8 · vLLM 0.26.0 · DGX Spark arena · Django de \
         Vreng (23 per Spark). Not checked for this run: KV-cache sessions. Nobody measured or estimated it, so it \
         may bind before this and more may be needed."
    );
    let table = &html[html.find("data-table=\"team-ranking\"").expect("the ranking table")..];
    let row = &table[table.find(&format!("data-run=\"{ARENA_QWEN}\"")).expect("the arena run's row")..];
    let row = &row[..row.find("</tr>").expect("row end")];
    assert!(row.contains(">23</td>") && row.contains(">8</td>") && !row.contains('≥') && !row.contains('≤'), "{row}");
    // Its speed at the planned load was read from its engine, and the row says so in words.
    assert!(
        row.contains(
            "data-speed=\"engine\" class=\"ss-row-engine ss-muted\">speed predicted by the run's engine</span>"
        ),
        "{row}"
    );
    assert!(
        row.contains("data-unchecked=\"kv\" class=\"ss-unchecked\">not checked: KV-cache sessions</span>"),
        "{row}"
    );
    assert!(!row.contains("at least this many people"), "{row}");
    // A row of two Sparks says so in the same words as the plan's JSON (`tests/tests/data/plan.rs`).
    assert!(table.contains("title=\"one system is 2 Sparks as measured (tensor parallel)\""));
    // GPUwerk's run crosses the floor between measured points: its 163 stay a plain figure.
    let gpuwerk = &table[table.find(&format!("data-run=\"{QWEN}\"")).expect("GPUwerk's row")..];
    let gpuwerk = &gpuwerk[..gpuwerk.find("</tr>").expect("row end")];
    assert!(gpuwerk.contains(">163</td>") && !gpuwerk.contains('≥'), "{gpuwerk}");
}

#[test]
fn the_german_verdict_says_what_was_not_checked_too() {
    let html = element(Attributes {
        run: Some(ARENA_QWEN.into()),
        team: Some("163".into()),
        floor: Some("15".into()),
        lang: Some("de".into()),
        ..Attributes::default()
    });
    let verdict = text_of(&html, "data-result=\"sparks\"");
    assert!(
        verdict.starts_with("8 Sparks bedienen Ihre 163 Personen mit Qwen3.6-35B-A3B-FP8")
            && verdict.ends_with(
                "(23 pro Spark). Für diesen Lauf nicht geprüft: KV-Cache-Sitzungen. Niemand hat es gemessen oder \
                 geschätzt; es kann vorher binden, dann braucht es mehr."
            ),
        "{verdict}"
    );
}
