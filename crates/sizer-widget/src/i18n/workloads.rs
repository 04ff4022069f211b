//! A run's workloads in words: what each stands for, and the sentence naming the one a sizing
//! used (the data crate chooses it: `sizer_data::WorkloadChoice`).

use sizer_data::{WorkloadChoice, WorkloadKind};

use super::{Lang, format_number};

/// What a workload stands for: "RAG", "Long answers".
pub fn kind_name(lang: Lang, kind: Option<WorkloadKind>) -> &'static str {
    use WorkloadKind::*;
    match (lang, kind) {
        (Lang::En, Some(Chat)) => "Chat",
        (Lang::De, Some(Chat)) => "Chat",
        (_, Some(Rag)) => "RAG",
        (Lang::En, Some(LongOutput)) => "Long answers",
        (Lang::De, Some(LongOutput)) => "Lange Antworten",
        (Lang::En, Some(MultiTurn)) => "Multi-turn",
        (Lang::De, Some(MultiTurn)) => "Mehrere Runden",
        (Lang::En, Some(BigContext)) => "Long context",
        (Lang::De, Some(BigContext)) => "Langer Kontext",
        (Lang::En, Some(ConcurrencyStress)) => "Stress test",
        (Lang::De, Some(ConcurrencyStress)) => "Lasttest",
        (Lang::En, Some(Other) | None) => "Workload",
        (Lang::De, Some(Other) | None) => "Last",
    }
}

/// The code of a workload's kind for `data-*` attributes (`rag`, `long_output`).
pub fn kind_code(kind: Option<WorkloadKind>) -> &'static str {
    use WorkloadKind::*;
    match kind {
        Some(Chat) => "chat",
        Some(Rag) => "rag",
        Some(LongOutput) => "long_output",
        Some(MultiTurn) => "multi_turn",
        Some(BigContext) => "big_context",
        Some(ConcurrencyStress) => "concurrency_stress",
        Some(Other) | None => "other",
    }
}

/// "RAG, 8,192 in / 512 out" (with "after 4 tokens of context" where the workload held some;
/// "512 in / 400 out" where it names no kind).
pub fn lengths(lang: Lang, choice: &WorkloadChoice) -> String {
    let n = |value: f64| format_number(lang, value, 0);
    let (inn, out) = in_out(lang);
    let context = match (lang, choice.context_tokens > 0.0) {
        (_, false) => String::new(),
        (Lang::En, true) => [" after ", &n(choice.context_tokens), " tokens of context"].concat(),
        (Lang::De, true) => [" nach ", &n(choice.context_tokens), " Token Kontext"].concat(),
    };
    // A workload that names no kind (a model's predicted lengths) is its lengths alone.
    let kind = choice.kind.map_or(String::new(), |kind| [kind_name(lang, Some(kind)), ", "].concat());
    [&kind, &n(choice.prompt_tokens), inn, &context, " / ", &n(choice.answer_tokens), out].concat()
}

/// The words after a prompt's and an answer's length: " in", " out" / " ein", " aus".
pub(super) fn in_out(lang: Lang) -> (&'static str, &'static str) {
    match lang {
        Lang::En => (" in", " out"),
        Lang::De => (" ein", " aus"),
    }
}

/// "Curve: RAG, 8,192 in / 512 out, nearest your 6,000-token prompts (of 9 workloads this
/// server measured)."
pub fn sentence(lang: Lang, choice: &WorkloadChoice) -> String {
    let prompts = format_number(lang, choice.for_prompt_tokens, 0);
    match lang {
        Lang::En => [
            "Curve: ",
            &lengths(lang, choice),
            ", nearest your ",
            &prompts,
            "-token prompts (of ",
            &format_number(lang, choice.of as f64, 0),
            if choice.predicted { " pairs of lengths predicted)." } else { " workloads this server measured)." },
        ]
        .concat(),
        Lang::De => [
            "Kurve: ",
            &lengths(lang, choice),
            ", am nächsten an Ihren Prompts mit ",
            &prompts,
            " Token (eine von ",
            &format_number(lang, choice.of as f64, 0),
            if choice.predicted {
                " vorhergesagten Längenpaaren)."
            } else {
                " Arbeitslasten, die dieser Server gemessen hat)."
            },
        ]
        .concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rag() -> WorkloadChoice {
        WorkloadChoice {
            index: 1,
            of: 9,
            kind: Some(WorkloadKind::Rag),
            prompt_tokens: 8192.0,
            answer_tokens: 512.0,
            context_tokens: 0.0,
            for_prompt_tokens: 6000.0,
            for_answer_tokens: 400.0,
            predicted: false,
        }
    }

    #[test]
    fn the_sentence_names_the_curve_and_the_prompts_it_is_nearest() {
        assert_eq!(
            sentence(Lang::En, &rag()),
            "Curve: RAG, 8,192 in / 512 out, nearest your 6,000-token prompts (of 9 workloads this server measured)."
        );
        let multi = WorkloadChoice { kind: Some(WorkloadKind::MultiTurn), context_tokens: 4.0, ..rag() };
        assert_eq!(
            sentence(Lang::De, &rag()),
            "Kurve: RAG, 8.192 ein / 512 aus, am nächsten an Ihren Prompts mit 6.000 Token (eine von 9 Arbeitslasten, die dieser Server gemessen hat)."
        );
        assert_eq!(lengths(Lang::De, &multi), "Mehrere Runden, 8.192 ein nach 4 Token Kontext / 512 aus");
        // A model's architecture: its lengths were predicted, nothing measured.
        let predicted = WorkloadChoice { kind: None, of: 2, predicted: true, ..rag() };
        assert!(
            sentence(Lang::En, &predicted)
                .ends_with("nearest your 6,000-token prompts (of 2 pairs of lengths predicted).")
        );
        assert!(sentence(Lang::De, &predicted).ends_with("mit 6.000 Token (eine von 2 vorhergesagten Längenpaaren)."));
    }
}
