# SPDX-License-Identifier: MIT
"""A metric formula's exact value, as the tests compute it to check the library's
(tests/host/metric-values.t, tests/host/metrics-collectors.t): Python's ast and
fractions, nothing of the generator or the library.

    import metric_formula           (with tests/ on sys.path)
    metric_formula.value(FORMULA, count)
        the value as a Fraction; count(NAME) gives an event's count (or raises
        what its caller wants for an event without one); terms are evaluated
        left to right
    metric_formula.ZeroDivisor      raised on a division by 0; .name is the
                                    divisor's event when the divisor is one
                                    event, else None
"""

import ast
from fractions import Fraction


class ZeroDivisor(ZeroDivisionError):
    def __init__(self, name):
        super().__init__(name)
        self.name = name


def value(formula, count):
    def ev(node):
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Name):
            return Fraction(count(node.id))
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return Fraction(node.value)
        if isinstance(node, ast.BinOp):
            a = ev(node.left)
            b = ev(node.right)
            if isinstance(node.op, ast.Add):
                return a + b
            if isinstance(node.op, ast.Sub):
                return a - b
            if isinstance(node.op, ast.Mult):
                return a * b
            if isinstance(node.op, ast.Div):
                if b == 0:
                    raise ZeroDivisor(node.right.id if isinstance(node.right, ast.Name) else None)
                return a / b
        raise ValueError(f"{formula}: {ast.dump(node)} is no formula term")
    return ev(ast.parse(formula, mode="eval"))
