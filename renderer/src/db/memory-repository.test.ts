import { createMemoryRepository } from './memory-repository'
import { describeRepositoryContract } from './repository-contract'

describeRepositoryContract('the in-memory repository', async () => createMemoryRepository())
