"""A safe arithmetic evaluator: an AST whitelist with bounded sizes, never `eval`."""

import ast
import math
import operator

MAX_EXPRESSION_CHARS = 500
MAX_EXPONENT = 1000
MAX_FACTORIAL = 1000
MAX_RESULT_BITS = 14_000  # about 4,200 digits, under Python's int-to-str limit

_BINARY = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
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


class CalculatorError(ValueError):
    """An expression the calculator refuses, with a message fit to show the model."""


def _check_size(value: float | int) -> float | int:
    """Refuse results too large to print, before they cost time or memory."""
    if isinstance(value, int) and value.bit_length() > MAX_RESULT_BITS:
        raise CalculatorError("the result is too large")
    return value


def _power(base: float | int, exponent: float | int) -> float | int:
    """Exponentiation with a bound on the exponent and on the size of the result."""
    if abs(exponent) > MAX_EXPONENT:
        raise CalculatorError(f"exponents are limited to {MAX_EXPONENT}")
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0:
        if base not in (0, 1, -1) and abs(base).bit_length() * exponent > MAX_RESULT_BITS:
            raise CalculatorError("the result is too large")
    return operator.pow(base, exponent)


def _call(name: str, args: list[float | int]) -> float | int:
    """Call a whitelisted math function with bounded arguments."""
    if name == "factorial" and (not args or abs(args[0]) > MAX_FACTORIAL):
        raise CalculatorError(f"factorial is limited to {MAX_FACTORIAL}")
    return _FUNCTIONS[name](*args)


def _evaluate(node: ast.AST) -> float | int:
    """Walk the tree, allowing only numbers, arithmetic and the whitelisted names."""
    if isinstance(node, ast.Expression):
        return _evaluate(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.Name) and node.id in _CONSTANTS:
        return _CONSTANTS[node.id]
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        return _UNARY[type(node.op)](_evaluate(node.operand))  # type: ignore[operator]
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _evaluate(node.left), _evaluate(node.right)
        if isinstance(node.op, ast.Pow):
            return _check_size(_power(left, right))
        return _check_size(_BINARY[type(node.op)](left, right))
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _FUNCTIONS
        and not node.keywords
    ):
        return _check_size(_call(node.func.id, [_evaluate(arg) for arg in node.args]))
    raise CalculatorError(f"unsupported element: {type(node).__name__}")


def evaluate_expression(expression: str) -> float | int:
    """Evaluate arithmetic such as `123 * 456` or `sqrt(2) ** 2`; raise CalculatorError otherwise."""
    text = expression.strip().replace("^", "**").replace("×", "*").replace("÷", "/")
    if not text:
        raise CalculatorError("the expression is empty")
    if len(text) > MAX_EXPRESSION_CHARS:
        raise CalculatorError(f"expressions are limited to {MAX_EXPRESSION_CHARS} characters")
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as error:
        raise CalculatorError(f"invalid syntax: {error.msg}") from None
    try:
        return _evaluate(tree)
    except ZeroDivisionError:
        raise CalculatorError("division by zero") from None
    except (OverflowError, ValueError, TypeError) as error:
        if isinstance(error, CalculatorError):
            raise
        raise CalculatorError(str(error) or type(error).__name__) from None
