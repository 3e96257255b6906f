//! Long computations, off the async runtime: the bounded [`pool`] of search threads, the
//! computer's moves ([`computer`]), the searches behind analyses and hints ([`review`]), and
//! the solution tables of perfect levels ([`solution_tables`]). Online play calls them; they
//! never call online play.

pub mod computer;
pub mod pool;
pub mod review;
pub mod solution_tables;
