//! Opening a link: everything a `#s=` fragment carries, read by each key's owner
//! (`sizing/fragment.rs` the scenario, `team/fragment.rs` the team, `memory/state.rs` the memory
//! choices, `sizer_import::sim_link` the seed, `sizer_import::share_link` a shared curve,
//! `simulation/load_prediction/fragment.rs` the load's keys, kept as text), with every part that
//! cannot be honoured, and what the state keeps about the link: which run it named when that
//! run is not shown as asked ([`RunNotice`]), the parts refused, and whether the address still
//! holds the link as opened (it is not rewritten until the person changes something).

use std::rc::Rc;

use sizer_data::Run;

use crate::i18n::Lang;
use crate::memory::state::MemoryChoice;
use crate::simulation::load_prediction::fragment::KEYS as LOAD_KEYS;
use crate::sizing::fragment::{self, BadPart, FragmentScenario};
use crate::team::fragment::TeamFragment;

pub use crate::i18n::notices::RunNotice;

/// Everything a link carries.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkLoad {
    /// The scenario, the run id and the language (with the numeric values refused).
    pub scenario: FragmentScenario,
    /// The simulation's seed, when the link names a valid one.
    pub seed: Option<u64>,
    /// The memory section's choices, when the link has them.
    pub memory: Option<MemoryChoice>,
    /// The team, when the link has team keys.
    pub team: Option<TeamFragment>,
    /// The keys of "Load from your logs", as written (`,lr:0.8,…`): the section reads them.
    pub load: String,
    /// The curve the link carries, named as in the link.
    pub shared: Option<Rc<Run>>,
    /// Every non-numeric part refused, in the order the owners read them.
    pub bad_parts: Vec<BadPart>,
}

/// Reads a location's fragment; `None` when it is not a `#s=` link (an ordinary anchor).
pub fn read(hash: &str) -> Option<LinkLoad> {
    let mut scenario = fragment::decode(hash).ok()?;
    let body = fragment::body(hash)?;
    let mut bad_parts = std::mem::take(&mut scenario.bad_parts);
    let team = crate::team::fragment::decode(hash).map(|(team, refused)| {
        bad_parts.extend(refused);
        team
    });
    let memory = MemoryChoice::from_fragment(hash, Lang::En);
    if let Some(choice) = &memory {
        // A model id this version cannot keep loaded (unknown, or without published weights)
        // is left out of the plan: say which.
        let models = body.split(',').find_map(|pair| pair.strip_prefix("mk:")).unwrap_or("");
        for id in models.split('+').filter(|id| !id.is_empty() && !choice.models.iter().any(|kept| kept == id)) {
            bad_parts.push(BadPart::new("mk", &fragment::shorten(id)));
        }
    }
    if memory.is_none() {
        // A memory key is there, yet the choice was refused: its budget cannot be read.
        for key in ["mb", "mk"] {
            if let Some(value) = body.split(',').find_map(|pair| pair.strip_prefix(key)?.strip_prefix(':')) {
                bad_parts.push(BadPart::new(key, &fragment::shorten(value)));
            }
        }
    }
    let seed = match crate::sim_link::seed_part(body) {
        Some(Ok(seed)) => Some(seed),
        Some(Err(part)) => {
            bad_parts.push(part);
            None
        }
        None => None,
    };
    let shared = match crate::share_link::shared_run(hash) {
        Some(Ok(run)) => Some(Rc::new(run)),
        Some(Err(part)) => {
            bad_parts.push(part);
            None
        }
        None => None,
    };
    // One pass over the parts: the load section's kept as text for it, and every `key:value`
    // whose key no owner reads (a newer version's key, a typo) named, since what it asked for
    // is not shown. Parts without a colon are the scenario's to refuse.
    let mut load = String::new();
    for (key, value) in body.split(',').filter_map(|pair| pair.split_once(':')) {
        if LOAD_KEYS.contains(&key) {
            load.extend([",", key, ":", value]);
        } else if !known(key) {
            bad_parts.push(BadPart::new(key, &fragment::shorten(value)));
        }
    }
    Some(LinkLoad { scenario, seed, memory, team, load, shared, bad_parts })
}

/// Whether an owner other than the load section reads `key`.
fn known(key: &str) -> bool {
    let owners = [
        crate::memory::state::MODELS_KEY,
        crate::memory::state::BUDGET_KEY,
        crate::sim_link::SEED_KEY,
        crate::share_link::POINTS_KEY,
        crate::share_link::NAME_KEY,
        crate::share_link::SETUP_KEY,
    ];
    fragment::KEYS.contains(&key) || crate::team::fragment::KEYS.contains(&key) || owners.contains(&key)
}

/// What the state keeps about the link it was opened with.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LinkState {
    /// The link's run, when it is not shown as asked.
    pub run: Option<RunNotice>,
    /// The parts of the link refused (the numeric ones are field errors instead).
    pub bad_parts: Vec<BadPart>,
    /// The address still holds the link as opened: nothing is written into it until the person
    /// changes something.
    pub held: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_no_owner_reads_are_named_and_the_rest_applies() {
        let link = read("#s=f:12,tm:40,l:de,zz:<b>,tp:30").expect("a link");
        assert_eq!(link.bad_parts, [BadPart::new("tm", "40"), BadPart::new("zz", "<b>")]);
        assert_eq!(link.scenario.scenario.floor_tok_s, 12.0);
        assert_eq!(link.scenario.lang, Some(Lang::De));
        assert_eq!(link.team.map(|team| team.people), Some(30));
    }

    #[test]
    fn a_link_with_every_owners_keys_has_no_unknown_part() {
        // Written by hand with each owner's keys, so a key dropped from its owner's list fails here.
        let link = read(
            "#s=r:gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1,l:en,f:15,a:400,i:120,b:0,t:1,p:0.99,z:2.33,h:n,m:l,c:8192,q:512,n:1,\
             tp:163,ta:0,th:n,tu:10,tc:3,mk:gpt-oss-20b,mb:100,sd:2,yn:Mine,ym:hLab,y:1_50~8_20",
        )
        .expect("a link");
        assert!(link.bad_parts.is_empty(), "{:?}", link.bad_parts);
        assert!(link.shared.is_some() && link.memory.is_some() && link.team.is_some() && link.seed == Some(2));
    }

    #[test]
    fn unknown_memory_models_are_refused_parts() {
        let link = read("#s=f:10,mk:nope+gpt-oss-20b+llama-3.1-8b,mb:100").expect("a link");
        assert_eq!(link.memory.as_ref().map(|m| m.models.clone()), Some(vec!["gpt-oss-20b".to_string()]));
        assert_eq!(link.bad_parts, [BadPart::new("mk", "nope"), BadPart::new("mk", "llama-3.1-8b")]);
        let link = read("#s=mk:gpt-oss-120b+gpt-oss-20b").expect("a link");
        assert!(link.bad_parts.is_empty(), "{:?}", link.bad_parts);
    }
}
