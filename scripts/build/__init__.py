"""The build's steps, in the order scripts/build_site.py runs them (its docstring lists them): the
Python-Markdown extension augment.py that MkDocs and Zensical run on every page, then the finishing
steps over the whole site (assets.py, glossary.py, build_stamp.py, csp.py, offline.py, precompress.py...)."""
