//! What hardware a run's figures cover, so a headline can say how many machines it is for
//! ("on 4 DGX Sparks (2 pairs, TP=2)"), and the rule for runs whose hardware is not a DGX Spark
//! or not stated (an imported run): their sizing is "per system as measured".

use crate::dataset::model::{Run, Topology};

/// The hardware one copy of a run stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Systems<'a> {
    /// `nodes` DGX Sparks working as `topology` says (1 and [`Topology::Single`] for one box).
    Sparks {
        /// DGX Sparks in one copy of the run.
        nodes: u32,
        /// How they cooperate.
        topology: Topology,
    },
    /// Other or unstated hardware: the sizing covers one system as it was measured.
    AsMeasured {
        /// The hardware as the run names it (`None`: not stated).
        hardware: Option<&'a str>,
        /// Machines in one copy of the run, as stated (imported runs without the information: 1).
        nodes: u32,
    },
}

impl Systems<'_> {
    /// DGX Sparks needed for `replicas` independent copies of the run (`None` for other
    /// hardware).
    ///
    /// # Formula
    /// `nodes x replicas`: each copy is one measured system (a TP=2 pair is two Sparks).
    pub fn sparks(&self, replicas: u32) -> Option<u64> {
        match *self {
            Systems::Sparks { nodes, .. } => Some(u64::from(nodes).saturating_mul(u64::from(replicas))),
            Systems::AsMeasured { .. } => None,
        }
    }
}

impl Run {
    /// True when the run's hardware is a DGX Spark: its text names the DGX Spark or its GB10
    /// chip ("DGX Spark (GB10)", llama.cpp's device line "NVIDIA GB10"), case-insensitive. The
    /// one rule the headline, the ranking and the systems count share.
    pub fn is_spark(&self) -> bool {
        let hardware = self.stated_hardware().unwrap_or_default().to_ascii_lowercase();
        hardware.contains("dgx spark") || hardware.contains("gb10")
    }

    /// The hardware one copy of this run stands for: DGX Sparks when [`Run::is_spark`], else
    /// the system as measured.
    pub fn systems(&self) -> Systems<'_> {
        if self.is_spark() {
            return Systems::Sparks { nodes: self.nodes.max(1), topology: self.topology };
        }
        let hardware = self.stated_hardware().map(str::trim).filter(|h| crate::dataset::setup::says_something(h));
        Systems::AsMeasured { hardware, nodes: self.nodes.max(1) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset;

    #[test]
    fn the_tp2_pair_is_two_sparks_per_copy() {
        let run = dataset().run("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-nodes-tp2").expect("run");
        let systems = run.systems();
        assert_eq!(systems, Systems::Sparks { nodes: 2, topology: Topology::TensorParallel });
        assert_eq!(systems.sparks(2), Some(4));
    }

    #[test]
    fn other_or_unstated_hardware_is_as_measured() {
        let mut run = dataset().run("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1").expect("run").clone();
        assert_eq!(run.systems().sparks(3), Some(3));
        run.hardware = None;
        assert_eq!(run.systems(), Systems::AsMeasured { hardware: None, nodes: 1 });
        run.hardware = Some("Jetson AGX Thor".into());
        run.nodes = 2;
        assert_eq!(run.systems(), Systems::AsMeasured { hardware: Some("Jetson AGX Thor"), nodes: 2 });
        assert_eq!(run.systems().sparks(1), None);
    }
}
