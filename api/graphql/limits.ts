/**
 * Validation rules that bound the work one document can ask for: selection depth and aliases.
 * Fragments are followed (with a guard against cycles, which graphql's own rules reject anyway).
 */
import { GraphQLError, Kind, type ASTNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

export const MAX_DEPTH = 12;
export const MAX_ALIASES = 30;

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
