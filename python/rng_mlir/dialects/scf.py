"""Builders for the ``scf`` dialect.

Derived builders for every op (``scf.yield_(values)``...), plus, as
upstream: ``ForOp``, the ``for_`` loop generator and ``IfOp``.
"""

from ._ods_common import populate as _populate
from ..ir import IndexType, InsertionPoint, OpView, Operation

_populate(globals(), "scf")


def _index_value(value, context, loc, ip):
    if isinstance(value, int):
        from . import arith

        return arith.constant(IndexType.get(context=context), value,
                              loc=loc, ip=ip)
    return value


def _current_context(ip):
    ip = ip or InsertionPoint.current
    return ip.block.region.owner.context


class ForOp(OpView):
    """``scf.for`` from ``lower_bound`` to ``upper_bound`` (exclusive) by
    ``step``: Values (index or integer) or Python ints (index constants).
    The body has the induction variable and ``iter_args``; end it with
    ``scf.yield_(...)``."""

    OPERATION_NAME = "scf.for"

    def __init__(self, lower_bound, upper_bound, step, iter_args=None, *,
                 loc=None, ip=None):
        iter_args = list(iter_args or [])
        bounds = [lower_bound, upper_bound, step]
        if any(isinstance(b, int) for b in bounds):
            context = _current_context(ip)
            bounds = [_index_value(b, context, loc, ip) for b in bounds]
        results = [v.type for v in iter_args]
        op = Operation.create("scf.for", results=results,
                              operands=bounds + iter_args, regions=1,
                              loc=loc, ip=ip)
        super().__init__(op)
        iv_type = op.operands[0].type
        self.regions[0].blocks.append(iv_type, *results)

    @property
    def body(self):
        return self.regions[0].blocks[0]

    @property
    def induction_variable(self):
        return self.body.arguments[0]

    @property
    def inner_iter_args(self):
        return self.body.arguments[1:]


def for_(start, stop=None, step=None, iter_args=None, *, loc=None, ip=None):
    """Loop generator, as upstream::

        for i in scf.for_(0, n):              # or for_(n), for_(a, b, step)
            ...                               # body built here
        for i, acc, result in scf.for_(0, n, iter_args=[init]):
            ...; scf.yield_([new_acc])

    Without iter_args, the loop body's ``scf.yield`` is added if missing.
    """
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    for_op = ForOp(start, stop, step, iter_args, loc=loc, ip=ip)
    iv = for_op.induction_variable
    inner = tuple(for_op.inner_iter_args)
    with InsertionPoint(for_op.body):
        if len(inner) > 1:
            yield iv, inner, for_op.results
        elif len(inner) == 1:
            yield iv, inner[0], for_op.results[0]
        else:
            yield iv
            operations = for_op.body.operations
            if not operations or operations[-1].name != "scf.yield":
                yield_([])  # noqa: F821 (a derived builder)


class IfOp(OpView):
    """``scf.if`` on ``cond`` with result types ``results_``; fill
    ``then_block`` (and ``else_block`` if ``has_else``) and end each with
    ``scf.yield_``."""

    OPERATION_NAME = "scf.if"

    def __init__(self, cond, results_=None, *, has_else=False, loc=None,
                 ip=None):
        op = Operation.create("scf.if", results=list(results_ or []),
                              operands=[cond], regions=2, loc=loc, ip=ip)
        super().__init__(op)
        self.regions[0].blocks.append()
        if has_else:
            self.regions[1].blocks.append()

    @property
    def then_block(self):
        return self.regions[0].blocks[0]

    @property
    def else_block(self):
        blocks = self.regions[1].blocks
        if len(blocks) == 0:
            raise IndexError("the scf.if has no else block")
        return blocks[0]
