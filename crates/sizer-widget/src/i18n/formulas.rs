//! The formulas of the worked steps, written out per language (symbols stay, words change).

use super::Lang;

/// One formula of the worked sizing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Formula {
    Floor,
    StreamsLinear,
    StreamsMonotone,
    Duty,
    HeadroomNormal,
    HeadroomPoisson,
    HeadroomErlang,
    UsersBySpeed,
    Kv,
    Prefill,
    People,
}

/// The formula in `lang`.
pub fn formula(lang: Lang, formula: Formula) -> &'static str {
    match (lang, formula) {
        (Lang::En, Formula::Floor) => "floor = the slowest per-user speed still acceptable",
        (Lang::De, Formula::Floor) => "Mindesttempo = das langsamste noch akzeptable Tempo je Person",
        (Lang::En, Formula::StreamsLinear) => "S = c₁ + (v₁ − floor) × (c₂ − c₁) / (v₁ − v₂)",
        (Lang::De, Formula::StreamsLinear) => "S = c₁ + (v₁ − Mindesttempo) × (c₂ − c₁) / (v₁ − v₂)",
        (Lang::En, Formula::StreamsMonotone) => {
            "S: monotone cubic (PCHIP) through the points on log₂(c), solved for v = floor"
        }
        (Lang::De, Formula::StreamsMonotone) => {
            "S: monotone kubische Kurve (PCHIP) durch die Punkte auf log₂(c), gelöst für v = Mindesttempo"
        }
        (Lang::En, Formula::Duty) => "busy = answer / floor + TTFT; duty = min(busy / interval, 1)",
        (Lang::De, Formula::Duty) => "belegt = Antwort / Mindesttempo + TTFT; Auslastung = min(belegt / Intervall, 1)",
        (Lang::En, Formula::HeadroomNormal) => "load + z × √load ≤ S",
        (Lang::De, Formula::HeadroomNormal) => "Last + z × √Last ≤ S",
        (Lang::En, Formula::HeadroomPoisson) => "P(N ≤ S) ≥ p, N ~ Poisson(load)",
        (Lang::De, Formula::HeadroomPoisson) => "P(N ≤ S) ≥ p, N ~ Poisson(Last)",
        (Lang::En, Formula::HeadroomErlang) => "P(wait) ≤ 1 − p (Erlang C, S streams)",
        (Lang::De, Formula::HeadroomErlang) => "P(Warten) ≤ 1 − p (Erlang C, S Ströme)",
        (Lang::En, Formula::UsersBySpeed) => "users = load / duty",
        (Lang::De, Formula::UsersBySpeed) => "Nutzer = Last / Auslastung",
        (Lang::En, Formula::Kv) => "sessions = floor(pool / context); users = headroom(sessions) / duty",
        (Lang::De, Formula::Kv) => "Sitzungen = abrunden(Pool / Kontext); Nutzer = Reserve(Sitzungen) / Auslastung",
        (Lang::En, Formula::Prefill) => "users = prefill rate / (prompt / interval)",
        (Lang::De, Formula::Prefill) => "Nutzer = Prefill-Rate / (Prompt / Intervall)",
        (Lang::En, Formula::People) => "people = floor(min(users)) × replicas",
        (Lang::De, Formula::People) => "Personen = abrunden(min(Nutzer)) × Replikate",
    }
}

/// Words used inside results: "load", "sessions", "users".
pub fn word(lang: Lang, word: Word) -> &'static str {
    match (lang, word) {
        (Lang::En, Word::Load) => "load",
        (Lang::De, Word::Load) => "Last",
        (Lang::En, Word::Sessions) => "sessions",
        (Lang::De, Word::Sessions) => "Sitzungen",
        (Lang::En, Word::Users) => "users",
        (Lang::De, Word::Users) => "Nutzer",
    }
}

/// A word for [`word`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    Load,
    Sessions,
    Users,
}
