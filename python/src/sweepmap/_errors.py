"""The package's errors, in a module of their own so that every other module can raise them."""


class SweepmapError(Exception):
    """An error the core reported (its message), or a front end that did not answer."""
