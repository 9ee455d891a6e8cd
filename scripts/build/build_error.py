"""The one error the page augmentation and the finishing steps raise: the build stops with it."""


class BuildError(Exception):
    """A build-time problem, named with its page (and line or entry) in the reader's words."""
