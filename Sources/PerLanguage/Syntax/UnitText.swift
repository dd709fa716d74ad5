import PerUnits

extension UnitTable {
    /// The unit a text names, read by the grammar (`kg/h`, `per K`, `m3`); nil when the
    /// text is not exactly a unit.
    public static func compound(_ text: String) -> CompoundUnit? {
        let source = StatementSource(text)
        guard let (unit, _, end) = try? Parser.leadingUnit(source, builder: TreeBuilder()), end == source.scalars.endIndex else {
            return nil
        }
        return unit
    }
}
