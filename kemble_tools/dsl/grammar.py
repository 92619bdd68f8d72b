"""The grammar of expressions inside effects, in lark's notation. `kemble generate` turns it into
the parser module `expr_parser.py` (lark's standalone generator), so running `kemble` never
builds parse tables nor imports lark."""

GRAMMAR = r"""
?start: or_expr
?or_expr: and_expr | or_expr "or" and_expr -> or_
?and_expr: not_expr | and_expr "and" not_expr -> and_
?not_expr: comparison | "not" not_expr -> not_
?comparison: sum | sum COMP sum -> compare
?sum: product | sum ADD product -> arith
?product: unary | product MUL unary -> arith
?unary: atom | "-" unary -> neg
?atom: INT -> int_
     | "true" -> true_
     | "false" -> false_
     | STRING -> string
     | NAME "(" [or_expr ("," or_expr)*] ")" -> call
     | NAME "." NAME -> attr
     | NAME -> name
     | "(" or_expr ")"
COMP: "==" | "!=" | "<=" | ">=" | "<" | ">"
ADD: "+" | "-"
MUL: "*" | "/"
STRING: /'[^']*'/
NAME: /[a-z_][a-z0-9_]*/
%import common.INT
%import common.WS
%ignore WS
"""

# The options the parser is generated with; `kemble_tools.dsl.expr` relies on them.
OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}
