// A radix trie of strings: which of its keys a target starts with, found in one walk along the target.

interface TrieNode<V> {
  /** The characters from the parent to this node (empty for the root). */
  label: string;
  /** Children by the first character of their label; none on a leaf (most nodes: one Map less each). */
  children: Map<string, TrieNode<V>> | null;
  value?: V;
}

/**
 * Keys that share a prefix share its nodes, so a walk costs the target's length, not the number of keys:
 * a file of 30,000 rules is looked up for one URL in at most one step per character of the URL.
 */
export class PrefixTrie<V> {
  private readonly root: TrieNode<V> = { label: '', children: null };

  /** The value stored at `key`, made by `create` the first time. */
  at(key: string, create: () => V): V {
    let node = this.root;
    let i = 0;
    for (;;) {
      if (i === key.length) return (node.value ??= create());
      const children = (node.children ??= new Map());
      const child = children.get(key[i]);
      if (!child) {
        const leaf: TrieNode<V> = { label: key.slice(i), children: null, value: create() };
        children.set(key[i], leaf);
        return leaf.value!;
      }
      let same = 0;
      while (same < child.label.length && i + same < key.length && child.label[same] === key[i + same]) same++;
      if (same < child.label.length) children.set(key[i], splitEdge(child, same));
      node = children.get(key[i])!;
      i += same;
    }
  }

  /**
   * Calls `visit` with each stored value whose key is a prefix of `target`, shortest first, and the key's
   * length. Returns the number of nodes visited (at most the target's length plus one).
   */
  prefixesOf(target: string, visit: (value: V, keyLength: number) => void): number {
    let node = this.root;
    let at = 0;
    let steps = 0;
    for (;;) {
      steps++;
      if (node.value !== undefined) visit(node.value, at);
      if (at === target.length) return steps;
      const child = node.children?.get(target[at]);
      if (!child || !target.startsWith(child.label, at)) return steps;
      at += child.label.length;
      node = child;
    }
  }
}

/** A node for the first `length` characters of the child's label, the child below it with the rest. */
function splitEdge<V>(child: TrieNode<V>, length: number): TrieNode<V> {
  const middle: TrieNode<V> = { label: child.label.slice(0, length), children: new Map() };
  child.label = child.label.slice(length);
  middle.children!.set(child.label[0], child);
  return middle;
}
