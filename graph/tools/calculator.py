"""A safe arithmetic evaluator: an AST whitelist that refuses oversized work before doing it, never `eval`.

Big-integer arithmetic holds the GIL and cannot be interrupted, so every bound is checked before the
operation runs: nesting depth, sizes of operands and results, and a work budget for the whole expression.
"""

import ast
import math
import operator
import threading

MAX_EXPRESSION_CHARS = 500
MAX_DEPTH = 200  # well within Python's recursion limit; a sum of 200 terms still fits
MAX_FACTORIAL = 1000
MAX_RESULT_BITS = 14_000  # about 4,200 digits, under Python's int-to-str limit
MAX_EXPONENT = MAX_RESULT_BITS  # past this any whole base but 0, 1 and -1 gives too large a result
MAX_ROUND_DIGITS = int(MAX_RESULT_BITS * math.log10(2)) + 1  # past this, rounding an int gives 0 or itself
MAX_WORK = 500_000  # (64-bit words)² of big-integer work: ten operations at the size limit, about 1 ms

_BINARY = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
_LINEAR = (ast.Add, ast.Sub)
_UNARY = {ast.UAdd: operator.pos, ast.USub: operator.neg}
_FUNCTIONS = {
    name: getattr(math, name)
    for name in (
        "sqrt", "sin", "cos", "tan", "asin", "acos", "atan", "log", "log10", "log2",
        "exp", "floor", "ceil", "factorial", "degrees", "radians", "gcd", "hypot",
    )
}
_FUNCTIONS.update({"abs": abs, "round": round, "min": min, "max": max})
_CONSTANTS = {"pi": math.pi, "e": math.e, "tau": math.tau}

Number = float | int

# Python 3.11 counts the depth of a tree it hands back in one per-interpreter counter, so two threads parsing at
# once can fail with "AST constructor recursion depth mismatch"; every parse here goes one at a time.
_PARSING = threading.Lock()


class CalculatorError(ValueError):
    """An expression the calculator refuses, with a message fit to show the model."""


def _words(value: Number) -> int:
    """The size of a number in machine words, the unit big-integer work grows with."""
    return value.bit_length() // 64 + 1 if isinstance(value, int) else 1


def _check_value(value: object) -> Number:
    """Refuse results that are not real numbers or too large to print."""
    if not isinstance(value, (int, float)):
        raise CalculatorError("the result is not a real number")
    if isinstance(value, int) and value.bit_length() > MAX_RESULT_BITS:
        raise CalculatorError("the result is too large")
    return value


def _refuse_bits(bits: float) -> int:
    """The words an int of about `bits` bits takes, refused when past the size limit (checked exactly after)."""
    if bits > MAX_RESULT_BITS + 1:
        raise CalculatorError("the result is too large")
    return int(bits) // 64 + 1


def _binary_cost(op: ast.operator, left: Number, right: Number) -> int:
    """The work of one arithmetic operation, refusing a power or product too large to compute."""
    if isinstance(op, _LINEAR):
        return _words(left) + _words(right)
    both_int = isinstance(left, int) and isinstance(right, int)
    if isinstance(op, ast.Mult) and both_int:
        _refuse_bits(left.bit_length() + right.bit_length() - 1)  # type: ignore[union-attr]
    if isinstance(op, ast.Pow) and both_int and right > 0:
        if right > MAX_EXPONENT:
            raise CalculatorError(f"whole-number exponents are limited to {MAX_EXPONENT}")
        if left not in (0, 1, -1):
            return _refuse_bits(right * math.log2(abs(left))) ** 2
    return _words(left) * _words(right)


def _round_cost(args: list[Number]) -> int:
    """Rounding an int to -n digits computes 10**n; n is bounded and the division is counted."""
    if len(args) == 2:
        digits = args[1]
        if isinstance(digits, int) and abs(digits) > MAX_ROUND_DIGITS:
            raise CalculatorError(f"round is limited to {MAX_ROUND_DIGITS} digits")
        if isinstance(args[0], int) and isinstance(digits, int) and digits < 0:
            return max(_words(args[0]), int(-digits * math.log2(10)) // 64 + 1) ** 2
    return sum(map(_words, args))


def _factorial_cost(args: list[Number]) -> int:
    """A factorial is bounded by its argument; its cost grows with the square of its size."""
    if len(args) != 1 or not isinstance(args[0], int) or not 0 <= args[0] <= MAX_FACTORIAL:
        raise CalculatorError(f"factorial is limited to whole numbers from 0 to {MAX_FACTORIAL}")
    return _refuse_bits(math.lgamma(args[0] + 1) / math.log(2)) ** 2


def _call_cost(name: str, args: list[Number]) -> int:
    """The work of a function call, refusing arguments past the function's limits."""
    if name == "round":
        return _round_cost(args)
    if name == "factorial":
        return _factorial_cost(args)
    if name == "gcd":
        return max(map(_words, args), default=1) * sum(map(_words, args))
    return sum(map(_words, args)) + 1


class _Evaluation:
    """One walk of the tree, charging each operation's work before running it."""

    def __init__(self) -> None:
        self.work = 0

    def charge(self, cost: int) -> None:
        """Refuse the operation if it would take the expression past its work budget."""
        self.work += cost
        if self.work > MAX_WORK:
            raise CalculatorError("the calculation is too long; use smaller numbers or fewer steps")

    def evaluate(self, node: ast.AST, depth: int = 0) -> Number:
        """Allow only numbers, arithmetic and the whitelisted names; children are reached before any work."""
        if depth > MAX_DEPTH:
            raise CalculatorError(f"expressions are limited to {MAX_DEPTH} levels of nesting")
        depth += 1
        if isinstance(node, ast.Expression):
            return self.evaluate(node.body, depth)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            return _check_value(node.value)
        if isinstance(node, ast.Name) and node.id in _CONSTANTS:
            return _CONSTANTS[node.id]
        if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
            operand = self.evaluate(node.operand, depth)
            self.charge(_words(operand))
            return _UNARY[type(node.op)](operand)  # type: ignore[operator]
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            left, right = self.evaluate(node.left, depth), self.evaluate(node.right, depth)
            self.charge(_binary_cost(node.op, left, right))
            return _check_value(_BINARY[type(node.op)](left, right))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _FUNCTIONS:
            if node.keywords:
                raise CalculatorError(f"{node.func.id} takes no keyword arguments")
            args = [self.evaluate(arg, depth) for arg in node.args]
            self.charge(_call_cost(node.func.id, args))
            return _check_value(_FUNCTIONS[node.func.id](*args))
        raise CalculatorError(f"unsupported element: {type(node).__name__}")


def parse_formula(text: str) -> ast.Expression:
    """The syntax tree of one formula, parsed under the process-wide lock; SyntaxError when it is not one."""
    with _PARSING:
        return ast.parse(text, mode="eval")


def evaluate_expression(expression: str) -> Number:
    """Evaluate arithmetic such as `123 * 456` or `sqrt(2) ** 2`; raise CalculatorError otherwise."""
    text = expression.strip().replace("^", "**").replace("×", "*").replace("÷", "/")
    if not text:
        raise CalculatorError("the expression is empty")
    if len(text) > MAX_EXPRESSION_CHARS:
        raise CalculatorError(f"expressions are limited to {MAX_EXPRESSION_CHARS} characters")
    try:
        tree = parse_formula(text)
    except SyntaxError as error:
        raise CalculatorError(f"invalid syntax: {error.msg}") from None
    try:
        return _Evaluation().evaluate(tree)
    except ZeroDivisionError:
        raise CalculatorError("division by zero") from None
    except (OverflowError, ValueError, TypeError) as error:
        if isinstance(error, CalculatorError):
            raise
        raise CalculatorError(str(error) or type(error).__name__) from None
