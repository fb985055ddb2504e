import FoodDiaryBase
import Foundation

/// The part of a shop a shopping list's item is found in, in the order a list shows them.
enum Aisle: String, CaseIterable, Sendable {
    case produce, dairy, meat, bakery, pantry, frozen

    var name: String {
        switch self {
        case .produce: tr("Fruit and vegetables")
        case .dairy: tr("Dairy and eggs")
        case .meat: tr("Meat and fish")
        case .bakery: tr("Bakery")
        case .pantry: tr("Cupboard")
        case .frozen: tr("Frozen")
        }
    }

    /// Where a food is, by its catalog group or category (nil for one typed by hand) and its
    /// name, as ShoppingAisles.tsv says.
    init(group: String?, name: String) {
        let words = Self.words(in: (group ?? "") + " " + name)
        let table = Self.table
        if let state = table.states.first(where: { words.contains($0.word) }) {
            self = state.aisle
        } else if let group, let aisle = table.groups[group] {
            self = aisle
        } else {
            self = table.words.first { words.contains($0.word) }?.aisle ?? .pantry
        }
    }

    /// A name's words, lower-cased, each also without a plural "s" or "es".
    private static func words(in text: String) -> Set<String> {
        var found = Set<String>()
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
            found.insert(String(word))
            if word.hasSuffix("es") { found.insert(String(word.dropLast(2))) }
            if word.hasSuffix("s") { found.insert(String(word.dropLast())) }
        }
        return found
    }

    private struct Table {
        var states: [(word: String, aisle: Aisle)] = []
        var groups: [String: Aisle] = [:]
        var words: [(word: String, aisle: Aisle)] = []
    }

    private static let table: Table = {
        var table = Table()
        for line in String(decoding: PackageResources.ShoppingAisles_tsv, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let aisle = Aisle(rawValue: fields[2]) else { preconditionFailure("ShoppingAisles.tsv: \(line)") }
            switch fields[0] {
            case "state": table.states.append((fields[1], aisle))
            case "group": table.groups[fields[1]] = aisle
            case "word": table.words.append((fields[1], aisle))
            default: preconditionFailure("ShoppingAisles.tsv: \(line)")
            }
        }
        return table
    }()
}
