//! The simulation's seed in the link: `,sd:<seed>` after the scenario of a `#s=` fragment (see
//! the widget's `fragment.rs`, whose decoder ignores keys it does not know). Left out for the default seed,
//! so links without a simulation choice stay as they were; a link without it means the default.

use crate::link::fragment::{BadPart, PREFIX, shorten};

/// The seed a link without `sd:` means (the simulation's first seed).
pub const DEFAULT_SEED: u64 = 1;

/// The fragment key of the seed.
pub const SEED_KEY: &str = "sd";

/// `fragment` (a `s=` fragment without `#`) with the seed appended, unless it is the default.
pub fn with_seed(fragment: String, seed: u64) -> String {
    if seed == DEFAULT_SEED {
        return fragment;
    }
    [fragment.as_str(), ",", SEED_KEY, ":", &seed.to_string()].concat()
}

/// The seed a `#s=` fragment names: `None` when the fragment is not a scenario, the default
/// when it names none or a malformed one (like any bad value it is not honoured, and the
/// default is what a link without a seed means; [`seed_part`] says which it was).
pub fn seed_in(fragment: &str) -> Option<u64> {
    let body = fragment.strip_prefix('#').unwrap_or(fragment).strip_prefix(PREFIX)?;
    Some(seed_part(body).and_then(Result::ok).unwrap_or(DEFAULT_SEED))
}

/// The seed in a fragment body: `None` when it names none, the part as written when it is not
/// a whole number within `u64`.
pub fn seed_part(body: &str) -> Option<Result<u64, BadPart>> {
    let value = body.split(',').find_map(|pair| pair.strip_prefix(SEED_KEY)?.strip_prefix(':'))?;
    let seed = value.bytes().all(|b| b.is_ascii_digit()).then(|| value.parse().ok()).flatten();
    Some(seed.ok_or_else(|| BadPart::new(SEED_KEY, &shorten(value))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_round_trips_and_the_default_is_left_out() {
        assert_eq!(with_seed("s=r:x,f:15".into(), DEFAULT_SEED), "s=r:x,f:15");
        let link = with_seed("s=r:x,f:15".into(), 42);
        assert_eq!(link, "s=r:x,f:15,sd:42");
        assert_eq!(seed_in(&format!("#{link}")), Some(42));
        assert_eq!(seed_in("#s=r:x,f:15"), Some(DEFAULT_SEED));
        assert_eq!(seed_in("#s=sd:18446744073709551615"), Some(u64::MAX));
        assert_eq!(seed_in("#s=sd:-3"), Some(DEFAULT_SEED));
        assert_eq!(seed_part("sd:-3"), Some(Err(BadPart::new("sd", "-3"))));
        assert_eq!(seed_part("f:1"), None);
        assert_eq!(seed_in("#top"), None);
    }
}
