//! Comp10001-Bo's own bot: a heuristic that plans its turn.
/// The bots.
pub static BOTS: &[parlour_core::BotEntry<crate::Bo>] = &[];
/// x
pub struct HeuristicBot;
