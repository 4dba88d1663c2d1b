// The SidecarSet resourcesExpr language, as Kruise's pkg/util/calculator evaluates it (calculator_test.go's cases
// and the quirks of its lexer and grammar); pure, no servers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQuantity } from '@kruise-ts/kube';
import {
  type ExpressionValue,
  evaluateResourceExpression,
  formatExpressionValue,
  resourceExpressionError,
} from '../../src/index.ts';

const q = (s: string): ExpressionValue => ({ quantity: parseQuantity(s) });
const run = (expr: string, vars: Record<string, ExpressionValue> = {}) => {
  try {
    return formatExpressionValue(evaluateResourceExpression(expr, vars));
  } catch (err) {
    return `error: ${(err as Error).message}`;
  }
};

describe('evaluateResourceExpression', () => {
  it('numbers, percentages, functions and precedence', () => {
    const cases: [string, string][] = [
      ['2 + 3', '5'],
      ['10 - 4', '6'],
      ['3 * 4', '12'],
      ['15 / 3', '5'],
      ['(2 + 3) * 4', '20'],
      ['2 + 3 * 4', '14'],
      ['10 - 4 - 3', '3'],
      ['-2 * 3 + 10', '4'],
      ['2--3', '5'],
      ['50%', '0.5'],
      ['100% * 2', '2'],
      ['max(10, 20)', '20'],
      ['MIN(10, 20)', '10'],
      ['1e2', '100'],
      ['1E2', '100'],
      ['1e+2 / 1e-2', '10000'],
      ['2e6', '2e+06'],
      ['min(max(max(max(0.5,0.5*0.5),0.5-1.0),0.5-1.0),3.0)', '0.5'],
    ];
    for (const [expr, want] of cases) assert.equal(run(expr), want, expr);
  });

  it('quantities and the cpu / memory variables', () => {
    const cases: [string, Record<string, ExpressionValue>, string][] = [
      ['cpu', { cpu: q('100m') }, '100m'],
      ['cpu * 2', { cpu: q('50m') }, '100m'],
      ['max(cpu, 200m)', { cpu: q('100m') }, '200m'],
      ['min(max(max(max(0.5,0.5*cpu),cpu-1.0),cpu-1.0),3.0)', { cpu: q('0.5') }, '500m'],
      ['max(0.25, cpu)', { cpu: q('100m') }, '250m'],
      ['max(cpu, 0.75)', { cpu: q('500m') }, '750m'],
      ['min(0.8, cpu)', { cpu: q('1.0') }, '800m'],
      ['min(cpu, 1.5)', { cpu: q('2.0') }, '1500m'],
      ['max(min(2*cpu,-cpu+3.0),2*cpu-3.0)', { cpu: q('1.5') }, '1500m'],
      ['max(cpu*50%, 50m)', { cpu: q('200m') }, '100m'],
      ['max(cpu*50%, 50m)', { cpu: q('60m') }, '50m'],
      ['memory + 100Mi', { memory: q('200Mi') }, '300Mi'],
      ['memory * 50%', { memory: q('1Gi') }, '512Mi'],
      ['memory / 3', { memory: q('1Gi') }, '357913941333m'],
      ['CPU / 4', { cpu: q('1') }, '250m'],
      // MilliValue rounds up: 0.5m times 1 is 1m.
      ['cpu * 1', { cpu: q('500u') }, '1m'],
    ];
    for (const [expr, vars, want] of cases) assert.equal(run(expr, vars), want, expr);
  });

  it('errors carry Kruise messages; the last evaluation error wins over a later syntax error', () => {
    const cases: [string, Record<string, ExpressionValue>, string][] = [
      ['10 / 0', {}, 'division by zero'],
      ['cpu / 0', { cpu: q('1') }, 'division by zero'],
      ['2 / cpu', { cpu: q('1') }, 'division by quantity'],
      ['cpu * cpu', { cpu: q('1') }, 'multiplication of two quantities'],
      ['unknown(1, 2)', {}, 'unknown function: unknown'],
      ['max(1)', {}, 'max function requires exactly 2 arguments, got 1'],
      ['undefined_var', {}, 'undefined variable: undefined_var'],
      ['Foo + bar', {}, 'undefined variable: bar'],
      ['foo +', {}, 'undefined variable: foo'],
      ['1 - 2', {}, 'calculation result is negative: -1'],
      ['cpu - 1', { cpu: q('500m') }, 'calculation result is negative: -500m'],
      ['5..5', {}, 'parse error: syntax error at line 1, col 5'],
      ['5%%', {}, 'parse error: syntax error at line 1, col 4'],
      ['(1 + 2', {}, 'parse error: syntax error at line 1, col 7'],
      ['max(1, 2, 3)', {}, 'parse error: syntax error at line 1, col 10'],
      ['1 &', {}, 'parse error: syntax error at line 1, col 4'],
      ['', {}, 'parse error: syntax error at line 1, col 1'],
      [
        '1e3m',
        {},
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
      ],
    ];
    for (const [expr, vars, want] of cases) assert.equal(run(expr, vars), `error: ${want}`, expr);
  });

  it('an unreadable number is 0, as the grammar ignores its parse error', () => {
    assert.equal(run('5x + 1'), '1');
    assert.equal(run('100Mix + 2'), '2');
  });
});

describe('resourceExpressionError (the admission check)', () => {
  it('evaluates with the variable set to 1 and prefixes the message', () => {
    assert.equal(resourceExpressionError('max(cpu*50%, 50m)', 'cpu'), undefined);
    assert.equal(resourceExpressionError('memory * 2', 'memory'), undefined);
    assert.equal(resourceExpressionError('', 'cpu'), undefined);
    assert.equal(
      resourceExpressionError('memory * 2', 'cpu'),
      'invalid expression: undefined variable: memory',
    );
    assert.equal(
      resourceExpressionError('cpu +', 'cpu'),
      'invalid expression: parse error: syntax error at line 1, col 6',
    );
    assert.equal(
      resourceExpressionError('cpu - 2', 'cpu'),
      'invalid expression: calculation result is negative: -1',
    );
  });
});
