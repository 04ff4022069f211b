//! The request rate a number of people stand for: what "Load from your logs" asks for, read
//! off a sizing or a team instead of a server's logs.

use core::fmt;

/// Requests per second that `people` send, each one request every `seconds_between_requests`
/// (on average, over the people; their requests need not be evenly spread).
///
/// # Formula
/// `rate = people / seconds_between_requests`: 163 chat people at one request every 120 s are
/// 163 / 120 = 1.36 req/s. The German seed (section "Was NVIDIA sagt und was nicht") says the
/// number that matters for sizing is simultaneous requests, not people, read from your own
/// logs; this is the average rate those people put into such logs.
///
/// Bad input: an error, never a value: NaN, infinite or negative people, and a gap that is
/// not a positive finite number of seconds, each give a [`RateError`]; no people give 0 req/s.
pub fn request_rate_per_s(people: f64, seconds_between_requests: f64) -> Result<f64, RateError> {
    if !people.is_finite() || people < 0.0 {
        return Err(RateError::People(people));
    }
    if !seconds_between_requests.is_finite() || seconds_between_requests <= 0.0 {
        return Err(RateError::Gap(seconds_between_requests));
    }
    Ok(people / seconds_between_requests)
}

/// Why a request rate cannot be computed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RateError {
    /// The people are NaN, infinite or negative.
    People(f64),
    /// The seconds between requests are NaN, infinite, zero or negative.
    Gap(f64),
}

impl fmt::Display for RateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RateError::People(v) => write!(f, "the number of people must be a finite number of at least 0, not {v}"),
            RateError::Gap(v) => {
                write!(f, "the seconds between one person's requests must be a finite number above 0, not {v}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chat_team_of_the_article_is_1_36_requests_per_second() {
        // Worked by hand: 163 / 120 = 1.358333...
        let rate = request_rate_per_s(163.0, 120.0).expect("a rate");
        assert!((rate - 1.358_333).abs() < 1e-6, "{rate}");
        assert_eq!(request_rate_per_s(0.0, 30.0), Ok(0.0));
        // 10 agents each sending a request every 30 s: 1/3 req/s.
        let agents = request_rate_per_s(10.0, 30.0).expect("a rate");
        assert!((agents - 0.333_333).abs() < 1e-6, "{agents}");
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_eq!(request_rate_per_s(-1.0, 120.0), Err(RateError::People(-1.0)));
        assert!(matches!(request_rate_per_s(f64::NAN, 120.0), Err(RateError::People(_))));
        assert_eq!(request_rate_per_s(f64::INFINITY, 120.0), Err(RateError::People(f64::INFINITY)));
        assert_eq!(request_rate_per_s(163.0, 0.0), Err(RateError::Gap(0.0)));
        assert_eq!(request_rate_per_s(163.0, -5.0), Err(RateError::Gap(-5.0)));
        assert!(matches!(request_rate_per_s(163.0, f64::NAN), Err(RateError::Gap(_))));
        assert_eq!(request_rate_per_s(163.0, f64::INFINITY), Err(RateError::Gap(f64::INFINITY)));
    }
}
