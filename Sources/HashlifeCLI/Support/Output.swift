#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Writing to the standard streams with plain write(2): safe in Swift 6 without global mutable
/// state, and unbuffered so progress and errors appear in order.
enum Output {
    static func standardOutput(_ text: String) { write(text, to: STDOUT_FILENO) }
    static func standardError(_ text: String) { write(text, to: STDERR_FILENO) }

    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return  // EPIPE and the like: the reader went away; nothing useful to do.
                }
                offset += n
            }
        }
    }

    static func write(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }

    /// The terminal's size in character cells (of standard output, else standard error), or nil.
    static func terminalSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        for fd in [STDOUT_FILENO, STDERR_FILENO] where ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return nil
    }

    /// Is `fd` a terminal?
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
}

/// A JSON value for our one-line outputs. Big numbers go in as strings (SPEC §6.2).
enum JSON {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(String, JSON)])

    /// Compact encoding on one line.
    var encoded: String {
        switch self {
        case .string(let s): return JSON.quote(s)
        case .int(let i): return String(i)
        case .double(let d): return d.isFinite ? String(d) : "null"
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.encoded).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.map { JSON.quote($0.0) + ":" + $0.1.encoded }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
