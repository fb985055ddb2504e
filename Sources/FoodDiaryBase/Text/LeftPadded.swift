extension String {
    /// Hex bytes, barcodes and NDB numbers are fixed-width with leading zeros.
    package func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
