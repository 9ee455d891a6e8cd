"""The importer: the flattened rule texts (sources/*.txt) into the Markdown pages under docs/."""
