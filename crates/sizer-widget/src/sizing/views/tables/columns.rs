//! The columns of a run table (one per figure a run publishes) and sorting its points.

use std::cmp::Ordering;

use sizer_data::{Figure, Run, RunPoint};

use crate::i18n::tables::TableMsg;

/// A column of a run table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    Concurrency,
    PerRequest,
    Aggregate,
    Total,
    Prefill,
    MedianTpot,
    MeanTpot,
    MedianTtft,
    P99Ttft,
    Duration,
}

impl Column {
    /// Every column, in display order.
    pub const ALL: [Column; 10] = [
        Column::Concurrency,
        Column::PerRequest,
        Column::Aggregate,
        Column::Total,
        Column::Prefill,
        Column::MedianTpot,
        Column::MeanTpot,
        Column::MedianTtft,
        Column::P99Ttft,
        Column::Duration,
    ];

    /// `data-sort` value of the header button.
    pub fn key(self) -> &'static str {
        match self {
            Column::Concurrency => "concurrency",
            Column::PerRequest => "per_request",
            Column::Aggregate => "aggregate",
            Column::Total => "total",
            Column::Prefill => "prefill",
            Column::MedianTpot => "median_tpot",
            Column::MeanTpot => "mean_tpot",
            Column::MedianTtft => "median_ttft",
            Column::P99Ttft => "p99_ttft",
            Column::Duration => "duration",
        }
    }

    pub fn heading(self) -> TableMsg {
        match self {
            Column::Concurrency => TableMsg::ColumnConcurrency,
            Column::PerRequest => TableMsg::ColumnPerRequest,
            Column::Aggregate => TableMsg::ColumnAggregate,
            Column::Total => TableMsg::ColumnTotal,
            Column::Prefill => TableMsg::ColumnPrefill,
            Column::MedianTpot => TableMsg::ColumnTpot,
            Column::MeanTpot => TableMsg::ColumnMeanTpot,
            Column::MedianTtft => TableMsg::ColumnTtftMedian,
            Column::P99Ttft => TableMsg::ColumnTtftP99,
            Column::Duration => TableMsg::ColumnDuration,
        }
    }

    /// The figure of a point in this column (`None` for the concurrency column).
    pub fn figure(self, point: &RunPoint) -> Option<&Figure> {
        match self {
            Column::Concurrency => None,
            Column::PerRequest => point.per_request_tok_s.as_ref(),
            Column::Aggregate => point.aggregate_tok_s.as_ref(),
            Column::Total => point.total_tok_s.as_ref(),
            Column::Prefill => point.prefill_tok_s.as_ref(),
            Column::MedianTpot => point.median_tpot_ms.as_ref(),
            Column::MeanTpot => point.mean_tpot_ms.as_ref(),
            Column::MedianTtft => point.median_ttft_ms.as_ref(),
            Column::P99Ttft => point.p99_ttft_ms.as_ref(),
            Column::Duration => point.duration_s.as_ref(),
        }
    }

    /// The number a point sorts by in this column.
    pub fn sort_key(self, point: &RunPoint) -> Option<f64> {
        match self {
            Column::Concurrency => Some(f64::from(point.concurrency)),
            other => other.figure(point).map(|figure| figure.value),
        }
    }

    /// The columns a run fills: concurrency, then each figure at least one point has.
    pub fn present_in(run: &Run) -> Vec<Column> {
        Column::ALL
            .into_iter()
            .filter(|column| *column == Column::Concurrency || run.points.iter().any(|p| column.figure(p).is_some()))
            .collect()
    }
}

/// Sort direction of a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Ascending,
    Descending,
}

impl Direction {
    pub fn aria(self) -> &'static str {
        match self {
            Direction::Ascending => "ascending",
            Direction::Descending => "descending",
        }
    }

    pub fn flipped(self) -> Direction {
        match self {
            Direction::Ascending => Direction::Descending,
            Direction::Descending => Direction::Ascending,
        }
    }
}

/// The order of a run's points (as indices) sorted by `column`: points without that figure
/// go last in either direction, ties keep the dataset order.
pub fn sorted_indices(points: &[RunPoint], column: Column, direction: Direction) -> Vec<usize> {
    let mut order: Vec<usize> = (0..points.len()).collect();
    let key = |index: &usize| points.get(*index).and_then(|point| column.sort_key(point));
    order.sort_by(|a, b| match (key(a), key(b)) {
        (Some(x), Some(y)) => match direction {
            Direction::Ascending => x.total_cmp(&y),
            Direction::Descending => y.total_cmp(&x),
        },
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(concurrency: u32, per_request: Option<f64>) -> RunPoint {
        RunPoint { concurrency, per_request_tok_s: per_request.map(Figure::published), ..RunPoint::default() }
    }

    #[test]
    fn sorting_by_a_figure_orders_points_and_puts_gaps_last() {
        let points = [point(1, Some(81.2)), point(8, Some(37.3)), point(16, None), point(32, Some(18.4))];
        assert_eq!(sorted_indices(&points, Column::PerRequest, Direction::Ascending), vec![3, 1, 0, 2]);
        assert_eq!(sorted_indices(&points, Column::PerRequest, Direction::Descending), vec![0, 1, 3, 2]);
        assert_eq!(sorted_indices(&points, Column::Concurrency, Direction::Descending), vec![3, 2, 1, 0]);
        assert_eq!(sorted_indices(&points, Column::P99Ttft, Direction::Ascending), vec![0, 1, 2, 3]);
    }

    #[test]
    fn sort_keys_read_the_column_figure() {
        let p = point(8, Some(37.3));
        assert_eq!(Column::Concurrency.sort_key(&p), Some(8.0));
        assert_eq!(Column::PerRequest.sort_key(&p), Some(37.3));
        assert_eq!(Column::Aggregate.sort_key(&p), None);
    }

    #[test]
    fn only_filled_columns_are_shown() {
        let data = sizer_data::dataset();
        let Some(run) = data.run("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1") else {
            panic!("GPUwerk Qwen3-Coder run missing");
        };
        let columns = Column::present_in(run);
        assert_eq!(columns.first(), Some(&Column::Concurrency));
        assert!(columns.contains(&Column::PerRequest));
        assert!(columns.contains(&Column::P99Ttft));
        assert!(!columns.contains(&Column::Duration));
    }
}
