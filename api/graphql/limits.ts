/**
 * Validation rules that bound the work one document can ask for: selection depth and aliases.
 * Fragments are followed (with a guard against cycles, which graphql's own rules reject anyway).
 */
import { GraphQLError, Kind, type ASTNode, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

export const MAX_DEPTH = 12;
export const MAX_ALIASES = 30;
/** Fields the server may resolve for one document, counting each list page at its size. */
export const MAX_COST = 50_000;
/** `first` given by a variable counts as the largest page the server serves. */
const VARIABLE_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;

function fragmentsOf(ctx: ValidationContext): Map<string, FragmentDefinitionNode> {
  const map = new Map<string, FragmentDefinitionNode>();
  for (const def of ctx.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) map.set(def.name.value, def);
  return map;
}

function depthOf(set: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): number {
  if (!set) return 0;
  let max = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      max = Math.max(max, sel.selectionSet ? 1 + depthOf(sel.selectionSet, fragments, seen) : 1);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      max = Math.max(max, depthOf(sel.selectionSet, fragments, seen));
    } else {
      const frag = fragments.get(sel.name.value);
      if (frag && !seen.has(sel.name.value)) max = Math.max(max, depthOf(frag.selectionSet, fragments, new Set(seen).add(sel.name.value)));
    }
  }
  return max;
}

export function depthLimit(maxDepth = MAX_DEPTH): ValidationRule {
  return (ctx) => ({
    OperationDefinition(node) {
      const depth = depthOf(node.selectionSet, fragmentsOf(ctx), new Set());
      if (depth > maxDepth) ctx.reportError(new GraphQLError(`Query is too deep: ${depth} levels, at most ${maxDepth} allowed.`, { nodes: [node] }));
    },
  });
}

export function aliasLimit(maxAliases = MAX_ALIASES): ValidationRule {
  return (ctx) => {
    let count = 0;
    let reported = false;
    return {
      Field(node: ASTNode) {
        if (node.kind === Kind.FIELD && node.alias) count += 1;
        if (count > maxAliases && !reported) {
          reported = true;
          ctx.reportError(new GraphQLError(`Too many aliases: at most ${maxAliases} allowed.`, { nodes: [node] }));
        }
      },
    };
  };
}

function pageSizeOf(field: FieldNode): number {
  const first = field.arguments?.find((a) => a.name.value === 'first');
  if (!first) return 1;
  if (first.value.kind === Kind.INT) return Math.max(1, Number(first.value.value));
  if (first.value.kind === Kind.VARIABLE) return VARIABLE_PAGE_SIZE;
  return DEFAULT_PAGE_SIZE;
}

function costOf(set: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): number {
  if (!set) return 0;
  let total = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) total += 1 + pageSizeOf(sel) * costOf(sel.selectionSet, fragments, seen);
    else if (sel.kind === Kind.INLINE_FRAGMENT) total += costOf(sel.selectionSet, fragments, seen);
    else {
      const frag = fragments.get(sel.name.value);
      if (frag && !seen.has(sel.name.value)) total += costOf(frag.selectionSet, fragments, new Set(seen).add(sel.name.value));
    }
  }
  return total;
}

/**
 * Bounds the fields one document can make the server resolve: nested connections multiply (a page
 * of 100 ecosystems each with a page of 100 programs is 10,000 programs), which depth alone misses.
 */
export function costLimit(maxCost = MAX_COST): ValidationRule {
  return (ctx) => ({
    OperationDefinition(node) {
      const cost = costOf(node.selectionSet, fragmentsOf(ctx), new Set());
      if (cost > maxCost) ctx.reportError(new GraphQLError(`Query is too expensive: about ${cost} fields, at most ${maxCost} allowed. Ask for smaller pages.`, { nodes: [node] }));
    },
  });
}
