/// Which plural form a count takes in a language, from its catalogue's `Plural-Forms` header:
/// `nplurals=2; plural=(n != 1);` for English, German and Spanish; Polish, Arabic or Russian need
/// the C expression gettext writes for them, so it is read, not looked up.
public struct PluralRule: Sendable {
    public let formCount: Int
    private let expression: Expression

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// English's: one, or other.
    public static let oneOther = PluralRule(formCount: 2, expression: .binary(.notEqual, .count, .number(1)))

    private init(formCount: Int, expression: Expression) {
        (self.formCount, self.expression) = (formCount, expression)
    }

    /// `header`: the value of `Plural-Forms`.
    public init(header: String) throws(Failure) {
        var count: Int?
        var formula: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            if pair[0] == "nplurals" { count = Int(pair[1]) }
            if pair[0] == "plural" { formula = pair[1] }
        }
        guard let count, (1...6).contains(count), let formula else { throw Failure(description: "Plural-Forms needs nplurals and plural") }
        var parser = ExpressionParser(tokens: try ExpressionParser.tokens(of: formula))
        let expression = try parser.conditional()
        guard parser.atEnd else { throw Failure(description: "Plural-Forms: unexpected text after the formula") }
        self.init(formCount: count, expression: expression)
    }

    /// The form for `count`, never past the last.
    public func form(for count: Int) -> Int {
        min(max(expression.value(n: count), 0), formCount - 1)
    }

    indirect enum Expression: Sendable {
        enum Operator: String, Sendable, CaseIterable {
            case or = "||", and = "&&", equal = "==", notEqual = "!=", lessOrEqual = "<=", greaterOrEqual = ">="
            case less = "<", greater = ">", plus = "+", minus = "-", times = "*", divided = "/", remainder = "%"
        }
        case count
        case number(Int)
        case not(Expression)
        case binary(Operator, Expression, Expression)
        case choice(Expression, Expression, Expression)

        func value(n: Int) -> Int {
            switch self {
            case .count: return n
            case .number(let number): return number
            case .not(let inner): return inner.value(n: n) == 0 ? 1 : 0
            case .choice(let test, let yes, let no): return test.value(n: n) != 0 ? yes.value(n: n) : no.value(n: n)
            case .binary(let op, let left, let right):
                let (a, b) = (left.value(n: n), right.value(n: n))
                switch op {
                case .or: return a != 0 || b != 0 ? 1 : 0
                case .and: return a != 0 && b != 0 ? 1 : 0
                case .equal: return a == b ? 1 : 0
                case .notEqual: return a != b ? 1 : 0
                case .lessOrEqual: return a <= b ? 1 : 0
                case .greaterOrEqual: return a >= b ? 1 : 0
                case .less: return a < b ? 1 : 0
                case .greater: return a > b ? 1 : 0
                case .plus: return a &+ b
                case .minus: return a &- b
                case .times: return a &* b
                case .divided: return b == 0 ? 0 : a / b
                case .remainder: return b == 0 ? 0 : a % b
                }
            }
        }
    }

    /// C's precedence, loosest first: `?:`, `||`, `&&`, equality, comparison, `+ -`, `* / %`, `!`.
    private struct ExpressionParser {
        var tokens: [String]
        var position = 0
        var atEnd: Bool { position == tokens.count }
        static let levels: [[Expression.Operator]] = [
            [.or], [.and], [.equal, .notEqual], [.lessOrEqual, .greaterOrEqual, .less, .greater],
            [.plus, .minus], [.times, .divided, .remainder]
        ]

        static func tokens(of text: String) throws(Failure) -> [String] {
            var tokens: [String] = []
            let characters = Array(text)
            var index = 0
            while index < characters.count {
                let character = characters[index]
                if character.isWhitespace { index += 1; continue }
                if character.isNumber {
                    var end = index
                    while end < characters.count, characters[end].isNumber { end += 1 }
                    tokens.append(String(characters[index..<end]))
                    index = end
                    continue
                }
                let pair = index + 1 < characters.count ? String(characters[index...index + 1]) : ""
                if ["||", "&&", "==", "!=", "<=", ">="].contains(pair) {
                    tokens.append(pair)
                    index += 2
                } else if "n()?:!<>+-*/%".contains(character) {
                    tokens.append(String(character))
                    index += 1
                } else {
                    throw Failure(description: "Plural-Forms: unexpected \(character)")
                }
            }
            return tokens
        }

        mutating func conditional() throws(Failure) -> Expression {
            let test = try binary(level: 0)
            guard take("?") else { return test }
            let yes = try conditional()
            guard take(":") else { throw Failure(description: "Plural-Forms: ? without :") }
            return .choice(test, yes, try conditional())
        }

        private mutating func binary(level: Int) throws(Failure) -> Expression {
            guard level < Self.levels.count else { return try unary() }
            var left = try binary(level: level + 1)
            while position < tokens.count, let op = Self.levels[level].first(where: { $0.rawValue == tokens[position] }) {
                position += 1
                left = .binary(op, left, try binary(level: level + 1))
            }
            return left
        }

        private mutating func unary() throws(Failure) -> Expression {
            guard position < tokens.count else { throw Failure(description: "Plural-Forms: the formula ends early") }
            let token = tokens[position]
            position += 1
            switch token {
            case "!": return .not(try unary())
            case "n": return .count
            case "(":
                let inner = try conditional()
                guard take(")") else { throw Failure(description: "Plural-Forms: ( without )") }
                return inner
            default:
                guard let number = Int(token) else { throw Failure(description: "Plural-Forms: unexpected \(token)") }
                return .number(number)
            }
        }

        private mutating func take(_ token: String) -> Bool {
            guard position < tokens.count, tokens[position] == token else { return false }
            position += 1
            return true
        }
    }
}
