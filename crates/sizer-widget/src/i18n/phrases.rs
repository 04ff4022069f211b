//! Sentences with numbers and names in them, per language. Numbers arrive already formatted
//! (see [`super::format_number`]); these functions only put words around them.

use super::Lang;

/// Who the people are, for the summary sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// The chat preset.
    Chatting,
    /// The coding-agent preset.
    Agents,
    /// Custom usage.
    People,
}

/// "at least 32 streams: not measured beyond 32"
pub fn streams_at_least(lang: Lang, streams: &str) -> String {
    match lang {
        Lang::En => ["at least ", streams, " streams: not measured beyond ", streams].concat(),
        Lang::De => ["mindestens ", streams, " Ströme: über ", streams, " hinaus nicht gemessen"].concat(),
    }
}

/// "Must be at least 0.01." / German "Muss mindestens 0,01 sein.": a field's bound after its
/// lead-in (`Msg::ErrTooSmall` and the like). German puts the verb last where the lead-in leaves
/// it out (`german_verb_last`; "Muss größer sein als" already has it).
pub fn bound(lang: Lang, lead: &str, bound: &str, german_verb_last: bool) -> String {
    let tail = match lang {
        Lang::De if german_verb_last => " sein.",
        _ => ".",
    };
    [lead, " ", bound, tail].concat()
}

/// "Result based on the last valid value of each field; fix the marked fields."
pub fn stale_note(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "This result uses the last valid value of each marked field.",
        Lang::De => "Dieses Ergebnis verwendet den letzten gültigen Wert jedes markierten Feldes.",
    }
}

/// "p99 time to first token at 64 concurrent: 2.7 s." (`concurrency` "1": a single request);
/// `duration` with its unit ([`super::headline::duration`]).
pub fn ttft(lang: Lang, concurrency: &str, duration: &str) -> String {
    match lang {
        Lang::En if concurrency == "1" => {
            ["Measured p99 time to first token for a single request: ", duration, "."].concat()
        }
        Lang::De if concurrency == "1" => {
            ["Gemessene p99-Zeit bis zum ersten Token für eine einzelne Anfrage: ", duration, "."].concat()
        }
        Lang::En => {
            ["Measured p99 time to first token at ", concurrency, " concurrent requests: ", duration, "."].concat()
        }
        Lang::De => {
            ["Gemessene p99-Zeit bis zum ersten Token bei ", concurrency, " gleichzeitigen Anfragen: ", duration, "."]
                .concat()
        }
    }
}

/// The warning when that wait exceeds a few seconds.
pub fn ttft_warning(lang: Lang, limit: &str) -> String {
    match lang {
        Lang::En => [
            "One request in a hundred waits more than ",
            limit,
            "\u{a0}s for its first token here: people notice that before any tok/s figure.",
        ]
        .concat(),
        Lang::De => [
            "Hier wartet eine von hundert Anfragen mehr als ",
            limit,
            "\u{a0}s auf das erste Token: Das merken Menschen vor jeder Token/s-Zahl.",
        ]
        .concat(),
    }
}

/// "The article says about 14 streams; from its published points we get 18.9."
pub fn claim(lang: Lang, qualifier_about: bool, claimed: &str, what: &str, ours: &str) -> String {
    match lang {
        Lang::En => {
            let about = if qualifier_about { "about " } else { "" };
            ["The article says ", about, claimed, " ", what, "; from its published points we get ", ours, "."].concat()
        }
        Lang::De => {
            let about = if qualifier_about { "etwa " } else { "" };
            [
                "Der Artikel nennt ",
                about,
                claimed,
                " ",
                what,
                "; aus seinen veröffentlichten Punkten ergeben sich ",
                ours,
                ".",
            ]
            .concat()
        }
    }
}

/// The unit word of a claim: streams at a floor, people at a floor, sessions at a context (the
/// number and its unit joined by a no-break space).
pub fn claim_what(lang: Lang, kind: ClaimWhat, at: &str) -> String {
    match (lang, kind) {
        (Lang::En, ClaimWhat::Streams) => ["streams at ", at, "\u{a0}tok/s"].concat(),
        (Lang::En, ClaimWhat::Users) => ["chat users at ", at, "\u{a0}tok/s"].concat(),
        (Lang::En, ClaimWhat::Sessions) => ["sessions at ", at, "\u{a0}tokens of context"].concat(),
        (Lang::De, ClaimWhat::Streams) => ["Ströme bei ", at, "\u{a0}Token/s"].concat(),
        (Lang::De, ClaimWhat::Users) => ["Chat-Nutzer bei ", at, "\u{a0}Token/s"].concat(),
        (Lang::De, ClaimWhat::Sessions) => ["Sitzungen bei ", at, "\u{a0}Token Kontext"].concat(),
    }
}

/// Which kind of claim [`claim_what`] names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimWhat {
    Streams,
    Users,
    Sessions,
}

/// "0 (never reaches the floor)" / "at least 32 (not measured beyond)".
pub fn claim_ours_never(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "0 (the floor is never reached)",
        Lang::De => "0 (das Mindesttempo wird nie erreicht)",
    }
}

/// "at least 32 (not measured beyond)".
pub fn claim_ours_at_least(lang: Lang, value: &str) -> String {
    match lang {
        Lang::En => ["at least ", value, " (not measured beyond)"].concat(),
        Lang::De => ["mindestens ", value, " (darüber nicht gemessen)"].concat(),
    }
}

/// "with the current usage and headroom settings" (for users claims).
pub fn claim_users_note(lang: Lang) -> &'static str {
    match lang {
        Lang::En => " (chat usage, with the method settings above)",
        Lang::De => " (Chat-Nutzung, mit den Methoden-Einstellungen oben)",
    }
}

/// "Run: … · source: …" line under a step.
pub fn measured_by(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "measured by",
        Lang::De => "gemessen von",
    }
}

/// "your input".
pub fn your_input(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "your input",
        Lang::De => "Ihre Eingabe",
    }
}

/// "at" between a speed and a concurrency: "18.4 tok/s at 32".
pub fn at(lang: Lang) -> &'static str {
    match lang {
        Lang::En => " at ",
        Lang::De => " bei ",
    }
}

/// "always busy" in a formula.
pub fn always_busy(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "duty = 1 (always busy)",
        Lang::De => "Auslastung = 1 (immer beschäftigt)",
    }
}

/// "per Spark" suffix.
pub fn per_spark(lang: Lang) -> &'static str {
    match lang {
        Lang::En => " per Spark",
        Lang::De => " je Spark",
    }
}

/// "Copy this sentence" etc. are fixed texts; see the tables.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_read_well() {
        assert_eq!(streams_at_least(Lang::En, "32"), "at least 32 streams: not measured beyond 32");
        assert_eq!(
            claim(Lang::En, true, "14", "streams at 15 tok/s", "18.9"),
            "The article says about 14 streams at 15 tok/s; from its published points we get 18.9."
        );
    }
}
