import PerNumbers
import PerLanguage

extension PriceBook {
    /// `StorePlan.lastAtEachStore` of a name's product (nil when the book has no price of
    /// it), reading whole only the lines that decide it (`PriceBookFile.deciding`): the first
    /// (the product's name, kind of unit and currency), each store's first (the stores'
    /// order) and each store's last (its price). Those lines taken in the file's order make
    /// the same product for these questions as all of them: a line's fit depends on the
    /// first line alone when every currency is written alike. Where one of them does not
    /// read or fit, or a price was recorded in this session, every line is read, as
    /// `productStopping` does.
    package func lastAtEachStoreStopping(named name: String, interruption: Interruption) throws(ArithmeticError) -> [Observation]? {
        let key = Observation.key(name.trimmingBlanks)
        if let file, file.readsInOrder, !added.contains(where: { $0.key == key }),
           let deciding = try file.deciding(key, interruption: interruption) {
            guard !deciding.isEmpty else { return nil }
            var gathering = Gathering()
            for line in deciding { gathering.take(file, line: line.number, range: line.range) }
            if gathering.problems.isEmpty, let product = gathering.product(key) { return StorePlan.lastAtEachStore(product) }
        }
        return try productStopping(named: name, interruption: interruption).map(StorePlan.lastAtEachStore)
    }
}
