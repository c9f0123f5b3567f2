// BandWalk.swift — the viewport walk, written once for every cell layout.
//
// Each block row is a horizontal band of the plane. The walk goes down the tree over the band:
// empty nodes are skipped by identity, a node lying inside one block gives that block its
// summary in O(1) (the store's cached population, or its memoized highest state), and only
// nodes crossing a block boundary are opened. With a power-of-two zoom aligned to the tree the
// walk stops at the blocks' own level, so the cost grows with the number of blocks and the
// tree's depth, not with the population; other zooms and alignments open the nodes along block
// boundaries, down to the cells where a boundary crosses them.
//
// Coordinates are relative to the viewport's top-left, in `Int` while everything fits in 62
// bits and in `BigInt` otherwise. A family says what a block shows (`BlockTree`): the
// two-state store counts live cells (a sum), the multi-state store shows the highest state (a
// maximum).

/// A store whose nodes the viewport walk reduces to blocks.
///
/// Contracts: `merge` is associative and commutative with `emptyBlock` as its identity;
/// `block(of:level:memo:)` is the merge of the cells' values of every cell of the node, and
/// `forEachLeafCell` calls `body` for every cell not in state 0 of a leaf with its offset from
/// the leaf's top-left and its value alone.
protocol BlockTree: QuadtreeStore, ~Copyable {
    /// What one block shows (a count, a state).
    associatedtype Block
    /// What the walk keeps of nodes' blocks from row to row of one drawing (nothing for a
    /// store that caches them itself).
    associatedtype NodeBlocks
    static var emptyBlock: Block { get }
    static func merge(_ block: inout Block, _ other: Block)
    mutating func block(of id: NodeID, level: Int, memo: inout NodeBlocks) -> Block
    func forEachLeafCell(_ id: NodeID, _ body: (_ dx: Int, _ dy: Int, _ cell: Block) -> Void)
}

extension BlockTree where Self: ~Copyable {
    /// The blocks of row `j` of `viewport`, left to right, for the root `frame` describes.
    /// `memo` carries what the store keeps of nodes' blocks between rows of one drawing.
    /// - Complexity: O(blocks in the row × tree depth) for power-of-two zooms aligned to the
    ///   tree; otherwise also the nodes that block boundaries cut.
    mutating func blockRow(_ j: Int, of viewport: Viewport, frame: RootFrame, memo: inout NodeBlocks) -> [Block] {
        var blocks = [Block](repeating: Self.emptyBlock, count: viewport.columns)
        if isEmpty(frame.root, level: frame.level) { return blocks }
        let band = viewport.band(j, rootLevel: frame.level, originX: frame.x, originY: frame.y)
        if band.fitsInt {
            var walk = BandWalk<Int, Block>(zoom: band.zoom.intValue!, top: band.top.intValue!, bottom: band.bottom.intValue!,
                                            width: band.width.intValue!)
            walk.visit(frame.root, level: frame.level, x: band.rootX.intValue!, y: band.rootY.intValue!, tree: &self,
                       memo: &memo, blocks: &blocks)
        } else {
            var walk = BandWalk<BigInt, Block>(zoom: band.zoom, top: band.top, bottom: band.bottom, width: band.width)
            walk.visit(frame.root, level: frame.level, x: band.rootX, y: band.rootY, tree: &self, memo: &memo, blocks: &blocks)
        }
        return blocks
    }
}

/// One band's walk: reduces the cells of the band [top, bottom) × [0, width) (relative to the
/// viewport) into blocks of `zoom` columns.
struct BandWalk<C: SignedCoordinate, Block> {
    let zoom: C, top: C, bottom: C, width: C
    let zero = C(0)

    init(zoom: C, top: C, bottom: C, width: C) {
        self.zoom = zoom
        self.top = top
        self.bottom = bottom
        self.width = width
    }

    /// Blocks of nodes that cross the band's top or bottom edge and lie in one block column,
    /// keyed by the node and its top relative to the band's, so the many equal nodes of a long
    /// run along an edge are opened once (a line of 10^9 cells costs its distinct nodes, not
    /// its leaves).
    var edgeBlocks: [EdgeKey: Block] = [:]
    /// The smallest level whose edge blocks are remembered (64×64 cells), and how many edge
    /// nodes a band opens before it starts remembering: most views cut few nodes and reopen
    /// them faster than a table looks them up.
    static var memoLevel: Int { 6 }
    static var memoAfter: Int { 4096 }
    var edgeCalls = 0
    struct EdgeKey: Hashable {
        let id: NodeID
        let y: C
    }

    mutating func visit<Tree: BlockTree & ~Copyable>(_ id: NodeID, level: Int, x: C, y: C, tree: inout Tree,
                                                     memo: inout Tree.NodeBlocks, blocks: inout [Block]) where Tree.Block == Block {
        if tree.isEmpty(id, level: level) { return }
        let side = C.powerOfTwo(level)
        if y >= bottom || y + side <= top || x >= width || x + side <= zero { return }
        if x >= zero && x + side <= width {
            let first = x.floorDivided(by: zoom), last = (x + side - C(1)).floorDivided(by: zoom)
            if first == last {
                let block = y >= top && y + side <= bottom
                    ? tree.block(of: id, level: level, memo: &memo) : bandBlock(id, level: level, y: y, tree: &tree, memo: &memo)
                Tree.merge(&blocks[first.blockIndex], block)
                return
            }
        }
        if level == Tree.leafLevel {
            let (top, bottom, width, zero, zoom) = (top, bottom, width, zero, zoom)
            tree.forEachLeafCell(id) { dx, dy, cell in
                let cx = x + C(dx), cy = y + C(dy)
                if cy >= top && cy < bottom && cx >= zero && cx < width {
                    Tree.merge(&blocks[cx.floorDivided(by: zoom).blockIndex], cell)
                }
            }
            return
        }
        let (nw, ne, sw, se) = tree.children(id)
        let half = C.powerOfTwo(level - 1)
        visit(nw, level: level - 1, x: x, y: y, tree: &tree, memo: &memo, blocks: &blocks)
        visit(ne, level: level - 1, x: x + half, y: y, tree: &tree, memo: &memo, blocks: &blocks)
        visit(sw, level: level - 1, x: x, y: y + half, tree: &tree, memo: &memo, blocks: &blocks)
        visit(se, level: level - 1, x: x + half, y: y + half, tree: &tree, memo: &memo, blocks: &blocks)
    }

    /// The block of the cells of `id` (of `level`, its top at `y`) in the band's rows [top, bottom).
    mutating func bandBlock<Tree: BlockTree & ~Copyable>(_ id: NodeID, level: Int, y: C, tree: inout Tree,
                                                         memo: inout Tree.NodeBlocks) -> Block where Tree.Block == Block {
        let side = C.powerOfTwo(level)
        if y >= bottom || y + side <= top || tree.isEmpty(id, level: level) { return Tree.emptyBlock }
        if y >= top && y + side <= bottom { return tree.block(of: id, level: level, memo: &memo) }
        if level == Tree.leafLevel {
            var block = Tree.emptyBlock
            let (top, bottom) = (top, bottom)
            tree.forEachLeafCell(id) { _, dy, cell in
                let cy = y + C(dy)
                if cy >= top && cy < bottom { Tree.merge(&block, cell) }
            }
            return block
        }
        let (nw, ne, sw, se) = tree.children(id)
        let half = C.powerOfTwo(level - 1)
        edgeCalls += 1
        let key = level >= BandWalk.memoLevel && edgeCalls > BandWalk.memoAfter ? EdgeKey(id: id, y: y - top) : nil
        if let key, let known = edgeBlocks[key] { return known }
        var block = bandBlock(nw, level: level - 1, y: y, tree: &tree, memo: &memo)
        Tree.merge(&block, bandBlock(ne, level: level - 1, y: y, tree: &tree, memo: &memo))
        Tree.merge(&block, bandBlock(sw, level: level - 1, y: y + half, tree: &tree, memo: &memo))
        Tree.merge(&block, bandBlock(se, level: level - 1, y: y + half, tree: &tree, memo: &memo))
        if let key { edgeBlocks[key] = block }
        return block
    }
}
