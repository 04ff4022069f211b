//! The one rule every function of the JS API follows for keys: a key it does not read is refused,
//! at every level, in one sentence naming the key's path (`groups[0].peopel`) and the keys read
//! there. `size`, `plan`, `memory`, `simulate` and `predict` check their JSON against a [`Keys`] table
//! here before serde reads it, so a typo is an error rather than a silent default. The tables
//! list what the types read; `tests` checks them against the types' own fields. A documented key
//! that the other keys leave unread is refused too ([`KeyError::Unread`]: `z` beside an exact
//! headroom method here, [`check_z`]; the simulation's and the memory request's own cases where
//! they are read).

use core::fmt;

use serde_json::Value;

/// What a value at some key must look like, as far as keys go.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    /// Any value (its type is serde's to check).
    Value,
    /// When an object: only these keys. Any other value is left to serde (a model given by id).
    Object(&'static Keys),
    /// When an array: every item has this shape.
    List(&'static Shape),
}

/// The keys one object may hold.
#[derive(Debug)]
pub struct Keys {
    /// Each key read, with the shape of its value.
    pub keys: &'static [(&'static str, Shape)],
    /// When not empty, the object must hold at least one of these (a key and its aliases).
    pub one_of: &'static [&'static str],
}

impl Keys {
    /// The key names, in the documented order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.keys.iter().map(|(name, _)| *name)
    }
}

/// A key the function does not read, or a needed key missing.
#[derive(Clone, Debug, PartialEq)]
pub enum KeyError {
    /// `path` (e.g. `groups[0].peopel`) is not read; `expected` are the keys read there.
    Unknown { path: String, expected: Vec<&'static str> },
    /// The object at `path` holds none of `one_of`.
    Missing { path: String, one_of: &'static [&'static str] },
    /// `path` is a documented key, but not read with the other keys given (`because` says when
    /// it would be): `z` with a headroom method other than the normal approximation.
    Unread { path: String, because: String },
}

impl KeyError {
    /// The path named, e.g. `groups[0].peopel` or `groups[1]`.
    pub fn path(&self) -> &str {
        match self {
            KeyError::Unknown { path, .. } | KeyError::Missing { path, .. } | KeyError::Unread { path, .. } => path,
        }
    }
}

impl fmt::Display for KeyError {
    /// In serde's own words (unknown field, expected one of), with the key's path.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let quoted = |keys: &[&str]| keys.iter().map(|key| format!("`{key}`")).collect::<Vec<_>>().join(", ");
        match self {
            KeyError::Unknown { path, expected } => match expected.as_slice() {
                [key] => write!(f, "unknown field `{path}`, expected `{key}`"),
                keys => write!(f, "unknown field `{path}`, expected one of {}", quoted(keys)),
            },
            KeyError::Missing { path, one_of } => match one_of {
                [key, alias] => write!(f, "missing field `{path}.{key}` (or its alias `{alias}`)"),
                keys => write!(f, "`{path}` needs one of {}", quoted(keys)),
            },
            KeyError::Unread { path, because } => write!(f, "field `{path}` is not read {because}"),
        }
    }
}

impl std::error::Error for KeyError {}

/// Checks `value` against `keys` (the top level of a request); the first problem, in document
/// order, is returned.
pub fn check_keys(value: &Value, keys: &'static Keys) -> Result<(), KeyError> {
    check(value, Shape::Object(keys), "")
}

/// `z` is read only by the normal approximation (`avg + z sqrt(avg)`); the exact methods take
/// the percentile alone. `normal` is whether the request's headroom (given or default) is it,
/// `normal_code` how the request spells it.
pub fn check_z(value: &Value, normal: bool, normal_code: &str) -> Result<(), KeyError> {
    if value.get("z").is_some_and(|z| !z.is_null()) && !normal {
        let because = format!("unless `headroom` is `{normal_code}` (the other methods take the percentile alone)");
        return Err(KeyError::Unread { path: "z".to_owned(), because });
    }
    Ok(())
}

fn check(value: &Value, shape: Shape, path: &str) -> Result<(), KeyError> {
    match (shape, value) {
        (Shape::Object(keys), Value::Object(object)) => {
            if !keys.one_of.is_empty() && !keys.one_of.iter().any(|key| object.contains_key(*key)) {
                return Err(KeyError::Missing { path: path.to_owned(), one_of: keys.one_of });
            }
            for (key, inner) in object {
                let at = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                match keys.keys.iter().find(|(name, _)| name == key) {
                    Some((_, shape)) => check(inner, *shape, &at)?,
                    None => return Err(KeyError::Unknown { path: at, expected: keys.names().collect() }),
                }
            }
            Ok(())
        }
        (Shape::List(item), Value::Array(items)) => {
            items.iter().enumerate().try_for_each(|(index, inner)| check(inner, *item, &format!("{path}[{index}]")))
        }
        _ => Ok(()),
    }
}

/// `size`'s scenario: the fields of `sizer_core::Scenario`.
pub const SCENARIO: Keys = Keys { keys: &SCENARIO_KEYS, one_of: &[] };

const SCENARIO_KEYS: [(&str, Shape); 14] = [
    ("floor_tok_s", Shape::Value),
    ("answer_tokens", Shape::Value),
    ("interval_s", Shape::Value),
    ("always_busy", Shape::Value),
    ("ttft_s", Shape::Value),
    ("percentile", Shape::Value),
    ("z", Shape::Value),
    ("headroom", Shape::Value),
    ("interpolation", Shape::Value),
    ("context_tokens", Shape::Value),
    ("kv_pool_tokens", Shape::Value),
    ("prompt_tokens", Shape::Value),
    ("prefill_tok_s", Shape::Value),
    ("replicas", Shape::Value),
];

/// `simulate`'s scenario: a scenario as for `size`, plus `users`.
pub const SIM_SCENARIO: Keys = Keys { keys: &SIM_SCENARIO_KEYS, one_of: &[] };

const SIM_SCENARIO_KEYS: [(&str, Shape); 15] = {
    let mut keys = [("users", Shape::Value); 15];
    let mut i = 0;
    while i < SCENARIO_KEYS.len() {
        keys[i] = SCENARIO_KEYS[i];
        i += 1;
    }
    keys
};

/// One group of a team, as `plan` and `simulate` read it (`count` is `people`'s alias).
pub const GROUP: Keys = Keys {
    keys: &[
        ("people", Shape::Value),
        ("count", Shape::Value),
        ("usage", Shape::Value),
        ("answer_tokens", Shape::Value),
        ("interval_s", Shape::Value),
        ("ttft_s", Shape::Value),
        ("always_busy", Shape::Value),
        ("context_tokens", Shape::Value),
        ("prompt_tokens", Shape::Value),
    ],
    one_of: &["people", "count"],
};

/// `plan`'s team: the groups and the sizing's settings.
pub const TEAM: Keys = Keys {
    keys: &[
        ("groups", Shape::List(&Shape::Object(&GROUP))),
        ("floor_tok_s", Shape::Value),
        ("percentile", Shape::Value),
        ("z", Shape::Value),
        ("headroom", Shape::Value),
        ("interpolation", Shape::Value),
        ("ttft_ceiling_s", Shape::Value),
        ("uncertainty", Shape::Value),
    ],
    one_of: &[],
};

/// `simulate`'s team: the same groups, the settings the simulation reads, and its window.
pub const SIM_TEAM: Keys = Keys {
    keys: &[
        ("groups", Shape::List(&Shape::Object(&GROUP))),
        ("floor_tok_s", Shape::Value),
        ("percentile", Shape::Value),
        ("interpolation", Shape::Value),
        ("warmup_s", Shape::Value),
        ("window_s", Shape::Value),
        ("max_requests", Shape::Value),
    ],
    one_of: &[],
};

/// One model of `memory`, when given as an object.
pub(crate) const MODEL: Keys = Keys {
    keys: &[
        ("id", Shape::Value),
        ("run", Shape::Value),
        ("format", Shape::Value),
        ("kv_dtype", Shape::Value),
        ("share", Shape::Value),
        ("expected_sessions", Shape::Value),
    ],
    one_of: &[],
};

/// `memory`'s request.
pub const MEMORY: Keys = Keys {
    keys: &[
        ("models", Shape::List(&Shape::Object(&MODEL))),
        ("budget_gb", Shape::Value),
        ("overhead_gb", Shape::Value),
        ("context_tokens", Shape::Value),
    ],
    one_of: &[],
};

/// An inline curve, the second argument of `size` and `simulate`.
pub const INLINE_CURVE: Keys = Keys { keys: &[("points", Shape::Value)], one_of: &[] };

/// `predict`'s load: the fields of `crate::predict::load::PredictLoad`, every one optional.
pub const PREDICT_LOAD: Keys = Keys {
    keys: &[
        ("rate_per_s", Shape::Value),
        ("burstiness", Shape::Value),
        ("prompt_tokens", Shape::Value),
        ("answer_tokens", Shape::Value),
        ("length_range", Shape::Value),
        ("requests", Shape::Value),
        ("seed", Shape::Value),
    ],
    one_of: &[],
};

/// One benchmark file of `predict`'s run spec.
pub(crate) const PREDICT_FILE: Keys = Keys { keys: &[("name", Shape::Value), ("text", Shape::Value)], one_of: &[] };

/// `predict`'s run spec, when given as an object: one server's benchmark files.
pub const PREDICT_RUN: Keys = Keys { keys: &[("files", Shape::List(&Shape::Object(&PREDICT_FILE)))], one_of: &[] };

/// `predict`'s closed-loop load: `concurrency` users sending `requests` in all.
pub const PREDICT_CLOSED_LOAD: Keys = Keys {
    keys: &[
        ("concurrency", Shape::Value),
        ("prompt_tokens", Shape::Value),
        ("answer_tokens", Shape::Value),
        ("requests", Shape::Value),
    ],
    one_of: &[],
};

/// The architecture of `predict`'s run spec: a configuration (text or object, with its
/// quantisation file), or the short form.
pub const PREDICT_ARCHITECTURE: Keys = Keys {
    keys: &[
        ("config", Shape::Value),
        ("quant_config", Shape::Value),
        ("total_params_b", Shape::Value),
        ("active_params_b", Shape::Value),
        ("format", Shape::Value),
    ],
    one_of: &[],
};

/// `predict`'s run spec from an architecture and a server's `meta.json` (its shape is the
/// suite reader's).
pub const PREDICT_ARCHITECTURE_RUN: Keys = Keys {
    keys: &[("architecture", Shape::Object(&PREDICT_ARCHITECTURE)), ("server", Shape::Value)],
    one_of: &["architecture"],
};

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_unknown_key_is_named_with_its_path() {
        let team = json!({"groups": [{"people": 3}, {"peopel": 3, "people": 1}], "floor_tok_s": 10});
        let error = check_keys(&team, &TEAM).expect_err("refused");
        assert_eq!(error.path(), "groups[1].peopel");
        assert_eq!(
            error.to_string(),
            "unknown field `groups[1].peopel`, expected one of `people`, `count`, `usage`, `answer_tokens`, \
             `interval_s`, `ttft_s`, `always_busy`, `context_tokens`, `prompt_tokens`"
        );
        let error = check_keys(&json!({"florr": 3}), &SCENARIO).expect_err("refused");
        assert_eq!(error.path(), "florr");
        let memory = json!({"models": ["gpt-oss-20b", {"id": "gpt-oss-120b", "kv_dtpe": "fp8"}]});
        assert_eq!(check_keys(&memory, &MEMORY).expect_err("refused").path(), "models[1].kv_dtpe");
        assert_eq!(check_keys(&json!({"groups": [{"count": 2}]}), &SIM_TEAM), Ok(()));
    }

    #[test]
    fn a_group_without_a_head_count_is_refused() {
        let error = check_keys(&json!({"groups": [{"people": 1}, {"usage": "agent"}]}), &TEAM).expect_err("refused");
        assert_eq!(error.to_string(), "missing field `groups[1].people` (or its alias `count`)");
    }
}
