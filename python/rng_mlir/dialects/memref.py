"""Builders for the ``memref`` dialect (derived from the registry):
``memref.load(m, [i])``, ``memref.store(value, m, [i])``,
``memref.dim(m, index)``, ``memref.alloc(type, [dynamic sizes], [])``..."""

from ._ods_common import populate as _populate

_populate(globals(), "memref")
