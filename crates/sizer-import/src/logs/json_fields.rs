//! The pieces of a request row that JSON spells several ways: a time (an ISO string or a Unix
//! number) and an object that may also be a string or null. Both are read without copying text:
//! strings are borrowed while parsed, objects other than the ones wanted are skipped.

use super::clock::{parse_time, unix};
use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor, value::MapAccessDeserializer};
use std::fmt;
use std::marker::PhantomData;

/// A time in seconds since 1970; a value that is no time reads as `None` rather than failing the row.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Stamp(pub Option<f64>);

impl<'de> Deserialize<'de> for Stamp {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Stamp, D::Error> {
        struct StampVisitor;
        impl<'de> Visitor<'de> for StampVisitor {
            type Value = Stamp;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a time")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Stamp, E> {
                Ok(Stamp(unix(v)))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Stamp, E> {
                Ok(Stamp(unix(v as f64)))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Stamp, E> {
                Ok(Stamp(unix(v as f64)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Stamp, E> {
                Ok(Stamp(parse_time(v)))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Stamp, E> {
                Ok(Stamp(None))
            }
        }
        deserializer.deserialize_any(StampVisitor)
    }
}

/// An object read as `T`; any other value (a string, a number, null) reads as `None`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Object<T>(pub Option<T>);

impl<T> Default for Object<T> {
    fn default() -> Object<T> {
        Object(None)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Object<T>, D::Error> {
        struct ObjectVisitor<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = Object<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Object<T>, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map)).map(|t| Object(Some(t)))
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<Object<T>, E> {
                Ok(Object(None))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Object<T>, E> {
                Ok(Object(None))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<Object<T>, E> {
                Ok(Object(None))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<Object<T>, E> {
                Ok(Object(None))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Object<T>, E> {
                Ok(Object(None))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Object<T>, E> {
                Ok(Object(None))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Object<T>, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Object(None))
            }
        }
        deserializer.deserialize_any(ObjectVisitor(PhantomData))
    }
}

/// A number that may be written as a string (`"512"`); anything else reads as `None`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Count(pub Option<f64>);

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Count, D::Error> {
        struct CountVisitor;
        impl<'de> Visitor<'de> for CountVisitor {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Count, E> {
                Ok(Count(Some(v)))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Count, E> {
                Ok(Count(Some(v as f64)))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Count, E> {
                Ok(Count(Some(v as f64)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Count, E> {
                Ok(Count(v.trim().parse().ok()))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Count, E> {
                Ok(Count(None))
            }
        }
        deserializer.deserialize_any(CountVisitor)
    }
}
