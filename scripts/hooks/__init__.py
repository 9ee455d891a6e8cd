"""Build-time code (no longer MkDocs hooks, despite the folder's name): the Python-Markdown
extension augment.py that MkDocs and Zensical run, and the finishing steps assets.py and
offline.py that scripts/build_site.py runs after the generator."""
