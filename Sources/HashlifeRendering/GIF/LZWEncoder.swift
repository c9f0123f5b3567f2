/// GIF's variable-length LZW (GIF89a appendix F), packing codes least significant bit first
/// into 255-byte data sub-blocks.
///
/// Codes start at `minimumCodeSize + 1` bits and grow by one bit when the next code to assign
/// no longer fits, up to 12 bits; when the table is full (code 4095) a clear code restarts it.
/// This is the convention every decoder follows (the decoder adds each entry one code late, so
/// it widens exactly when the encoder has).
///
/// The string table is a trie over (prefix code, colour index) kept in one flat array, stamped
/// with a table generation so that a clear code costs O(1) rather than a refill.
struct LZWEncoder {
    let minimumCodeSize: Int
    private let colours: Int
    private let clearCode: Int
    private var codeSize: Int
    /// The last code assigned.
    private var lastCode: Int
    /// child[prefix * colours + index]: the code for prefix + index, valid when its stamp matches.
    private var child: [UInt16]
    private var stamp: [UInt32]
    private var generation: UInt32 = 1
    /// The string being extended, or -1 at the start.
    private var current = -1
    /// Pending bits, least significant first.
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    /// The sub-block being filled (without its length byte).
    private var block: [UInt8] = []
    /// Finished output: sub-blocks with their length bytes.
    private(set) var output: [UInt8] = []

    /// For images whose indices are below 2^`minimumCodeSize` (2...8).
    init(minimumCodeSize: Int) {
        precondition((2...8).contains(minimumCodeSize), "GIF's minimum code size is 2...8")
        self.minimumCodeSize = minimumCodeSize
        colours = 1 << minimumCodeSize
        clearCode = colours
        codeSize = minimumCodeSize + 1
        lastCode = clearCode + 1
        child = [UInt16](repeating: 0, count: 4096 * colours)
        stamp = [UInt32](repeating: 0, count: 4096 * colours)
        block.reserveCapacity(255)
    }

    /// Starts a new image's data (the table reused, emptied): a clear code first.
    mutating func begin() {
        restart()
        current = -1
        bitBuffer = 0
        bitCount = 0
        block.removeAll(keepingCapacity: true)
        output.removeAll(keepingCapacity: true)
        write(clearCode)
    }

    /// Encodes `pixels` (after `begin`) (each below 2^minimumCodeSize) after those already given.
    mutating func encode(_ pixels: UnsafeBufferPointer<UInt8>) {
        guard !pixels.isEmpty else { return }
        var current = self.current
        var start = 0
        if current < 0 {
            current = Int(pixels[0])
            start = 1
        }
        let colours = self.colours
        for i in start..<pixels.count {
            let index = Int(pixels[i])
            let slot = current * colours + index
            if stamp[slot] == generation {
                current = Int(child[slot])
                continue
            }
            write(current)
            lastCode += 1
            child[slot] = UInt16(lastCode)
            stamp[slot] = generation
            if lastCode >= 1 << codeSize { codeSize += 1 }
            if lastCode == 4095 {
                write(clearCode)
                restart()
            }
            current = index
        }
        self.current = current
    }

    /// Writes the last string, the end code and any partial byte; `output` is then complete
    /// (the caller adds the block terminator).
    mutating func finish() {
        if current >= 0 { write(current) }
        current = -1
        write(clearCode + 1)
        if bitCount > 0 {
            appendByte(UInt8(truncatingIfNeeded: bitBuffer))
            bitBuffer = 0
            bitCount = 0
        }
        flushBlock()
    }

    /// Takes the finished sub-blocks so far (for streaming).
    mutating func takeOutput() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    private mutating func restart() {
        codeSize = minimumCodeSize + 1
        lastCode = clearCode + 1
        generation &+= 1
        if generation == 0 {
            // After 2^32 clears the stamps could collide: wipe them once.
            for i in stamp.indices { stamp[i] = 0 }
            generation = 1
        }
    }

    private mutating func write(_ code: Int) {
        bitBuffer |= UInt64(code) << UInt64(bitCount)
        bitCount += codeSize
        while bitCount >= 8 {
            appendByte(UInt8(truncatingIfNeeded: bitBuffer))
            bitBuffer >>= 8
            bitCount -= 8
        }
    }

    private mutating func appendByte(_ byte: UInt8) {
        block.append(byte)
        if block.count == 255 { flushBlock() }
    }

    private mutating func flushBlock() {
        guard !block.isEmpty else { return }
        output.append(UInt8(block.count))
        output += block
        block.removeAll(keepingCapacity: true)
    }
}
