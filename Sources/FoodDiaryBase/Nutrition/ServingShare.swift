import Foundation

/// One person's part of a dish shared out by servings: "the pot made 3 servings, I had 1". The
/// foods as logged are the whole dish; each person's entries are those foods times `fraction`.
public struct ServingShare: Sendable, Equatable {
    public static let servingsRange: ClosedRange<Double> = 0.1...1000

    public let servings: Double
    public let totalServings: Double

    public init(servings: Double, of totalServings: Double) {
        precondition(servings > 0 && totalServings >= servings, "a share is a positive part of the whole")
        self.servings = servings
        self.totalServings = totalServings
    }

    public var fraction: Double { servings / totalServings }
    public var isWhole: Bool { servings == totalServings }

    /// "1 of 3 servings", "1 of 1 serving".
    public var text: String {
        "\(formatQuantity(servings)) of \(formatQuantity(totalServings)) serving\(totalServings == 1 ? "" : "s")"
    }
}
