/**
 * The identifiers an expression uses that its environment does not declare. The evaluator only
 * finds these when it evaluates, so a typo (`inptu.x`) would pass creation and fail on every
 * event; walking the parsed tree catches it when the expression is saved.
 */
import type { parse } from '@bufbuild/cel';

type Expr = ReturnType<typeof parse>['expr'];

export function undeclaredIdentifiers(root: Expr, declared: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  const visit = (expr: Expr | undefined, bound: ReadonlySet<string>): void => {
    if (!expr) return;
    const kind = expr.exprKind;
    switch (kind.case) {
      case 'identExpr':
        if (!bound.has(kind.value.name) && !declared.has(kind.value.name)) {
          found.add(kind.value.name);
        }
        return;
      case 'selectExpr':
        return visit(kind.value.operand, bound);
      case 'callExpr':
        visit(kind.value.target, bound);
        for (const arg of kind.value.args) visit(arg, bound);
        return;
      case 'listExpr':
        for (const element of kind.value.elements) visit(element, bound);
        return;
      case 'structExpr':
        for (const entry of kind.value.entries) {
          if (entry.keyKind.case === 'mapKey') visit(entry.keyKind.value, bound);
          visit(entry.value, bound);
        }
        return;
      case 'comprehensionExpr': {
        const c = kind.value;
        visit(c.iterRange, bound);
        visit(c.accuInit, bound);
        const inner = new Set(bound);
        for (const name of [c.iterVar, c.iterVar2, c.accuVar]) if (name) inner.add(name);
        visit(c.loopCondition, inner);
        visit(c.loopStep, inner);
        visit(c.result, inner);
        return;
      }
      default:
        return;
    }
  };
  visit(root, new Set());
  return [...found];
}
