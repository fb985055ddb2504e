/// A file size as a person reads it: "840 KB", "12.3 MB", "1.4 GB" (decimal units, as disks are sold).
public enum ByteSize {
    public static func text(_ bytes: Int64) -> String {
        switch bytes {
        case ..<1_000: return "\(bytes) bytes"
        case ..<1_000_000: return "\(bytes / 1_000) KB"
        case ..<1_000_000_000: return oneDecimal(bytes, 1_000_000) + " MB"
        default: return oneDecimal(bytes, 1_000_000_000) + " GB"
        }
    }

    private static func oneDecimal(_ bytes: Int64, _ unit: Int64) -> String {
        let tenths = (bytes * 10 + unit / 2) / unit
        return "\(tenths / 10).\(tenths % 10)"
    }
}
