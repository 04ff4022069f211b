//! The Spark Sizer widget.
