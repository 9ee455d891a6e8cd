"""Benchmarks and measurements (not tests): each prints figures against a yardstick measured in the same run."""
